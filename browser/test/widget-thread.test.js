import { describe, expect, it, vi } from 'vitest';
import { hasBotAnswer, lastSeq, merge, mergeAll, pendingOnly, unreadCount } from '../src/widget/thread.js';
import { createOutbox } from '../src/widget/outbox.js';

const stored = (seq, type = 'agent', extra = {}) => ({ seq, sender: { type }, content: `m${seq}`, ...extra });
const pending = (clientId, content = 'hi') => ({ client_id: clientId, sender: { type: 'visitor' }, content, pending: true });
const seqs = (thread) => thread.map((message) => message.seq ?? message.client_id);

describe('thread', () => {
  it('orders stored messages by seq whatever order they arrive in', () => {
    const thread = mergeAll([], [stored(3), stored(1), stored(2)]);
    expect(seqs(thread)).toEqual([1, 2, 3]);
  });

  it('shows a message once when it arrives again with the same seq', () => {
    let thread = mergeAll([], [stored(1), stored(2)]);
    const again = merge(thread, stored(2));
    expect(again.added).toBe(false);
    expect(again.thread).toBe(thread);
    thread = mergeAll(thread, [stored(1), stored(2), stored(3)]);
    expect(seqs(thread)).toEqual([1, 2, 3]);
  });

  it('keeps pending messages after the stored ones, in the order typed', () => {
    const thread = mergeAll([], [pending('a'), stored(1), pending('b'), stored(2)]);
    expect(seqs(thread)).toEqual([1, 2, 'a', 'b']);
  });

  it('replaces a pending message by its stored version (same client_id) without counting it as new', () => {
    let thread = mergeAll([], [stored(1), pending('a'), pending('b')]);
    const confirmed = merge(thread, stored(2, 'visitor', { client_id: 'a' }));
    expect(confirmed.added).toBe(false);
    thread = confirmed.thread;
    expect(seqs(thread)).toEqual([1, 2, 'b']);
    expect(thread[1].pending).toBeUndefined();
    // the socket's copy and a resume's copy change nothing
    expect(merge(thread, stored(2, 'visitor', { client_id: 'a' })).thread).toBe(thread);
    expect(merge(thread, pending('a')).thread).toBe(thread);
  });

  it('never shows a private note', () => {
    expect(merge([], stored(1, 'agent', { private: true })).thread).toEqual([]);
  });

  it('knows the last seq shown, what a resume starts after', () => {
    expect(lastSeq([])).toBe(0);
    expect(lastSeq(mergeAll([], [stored(4), stored(7), pending('a')]))).toBe(7);
  });

  it('counts agent, bot and system messages after the read mark as unread, never the visitor\'s', () => {
    const thread = mergeAll([], [stored(1, 'visitor'), stored(2, 'bot'), stored(3, 'system'), stored(4, 'visitor'), stored(5, 'agent'), pending('a')]);
    expect(unreadCount(thread, 0)).toBe(3);
    expect(unreadCount(thread, 3)).toBe(1);
    expect(unreadCount(thread, 5)).toBe(0);
  });

  it('tells whether a bot answered, and keeps only pending messages across a change of conversation', () => {
    const thread = mergeAll([], [stored(1, 'visitor'), stored(2, 'bot'), pending('a')]);
    expect(hasBotAnswer(thread)).toBe(true);
    expect(hasBotAnswer([stored(1, 'agent')])).toBe(false);
    expect(seqs(pendingOnly(thread))).toEqual(['a']);
  });
});

describe('outbox', () => {
  const offline = () => Object.assign(new TypeError('Failed to fetch'), { retryable: true });
  const setup = (saved = []) => {
    const saves = [];
    const sent = [];
    let failing = false;
    const outbox = createOutbox({
      load: () => saved,
      save: (entries) => saves.push(entries.map((entry) => entry.client_id)),
      send: vi.fn(async (entry) => {
        if (failing) throw offline();
        sent.push(entry.client_id);
      }),
      isRetryable: (error) => Boolean(error.retryable),
      onFailed: vi.fn(),
    });
    return { outbox, saves, sent, fail: (value) => (failing = value) };
  };

  it('sends in order, one at a time, and saves every change', async () => {
    const { outbox, saves, sent } = setup();
    outbox.add({ client_id: 'a' });
    outbox.add({ client_id: 'b' });
    expect(saves).toEqual([['a'], ['a', 'b']]);
    expect(await outbox.flush()).toBe(true);
    expect(sent).toEqual(['a', 'b']);
    expect(saves.at(-1)).toEqual([]);
  });

  it('keeps what the network refused, first in line, until a later flush sends it', async () => {
    const { outbox, sent, fail } = setup();
    fail(true);
    outbox.add({ client_id: 'a' });
    outbox.add({ client_id: 'b' });
    expect(await outbox.flush()).toBe(false);
    expect(outbox.entries().map((entry) => entry.client_id)).toEqual(['a', 'b']);
    fail(false);
    expect(await outbox.flush()).toBe(true);
    expect(sent).toEqual(['a', 'b']);
  });

  it('starts with what a previous page saved', async () => {
    const { outbox, sent } = setup([{ client_id: 'old' }]);
    await outbox.flush();
    expect(sent).toEqual(['old']);
  });

  it('gives up on a message the server refuses, and goes on with the next', async () => {
    const refused = new Error('422');
    const onFailed = vi.fn();
    const outbox = createOutbox({
      load: () => [{ client_id: 'bad' }, { client_id: 'good' }],
      save: () => {},
      send: async (entry) => {
        if (entry.client_id === 'bad') throw refused;
      },
      isRetryable: () => false,
      onFailed,
    });
    expect(await outbox.flush()).toBe(true);
    expect(onFailed).toHaveBeenCalledWith({ client_id: 'bad' }, refused);
    expect(outbox.size()).toBe(0);
  });
});
