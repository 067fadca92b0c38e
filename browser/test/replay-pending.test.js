import { describe, expect, it } from 'vitest';
import { PendingChunks, createChunkSender, outcomeOf } from '../src/replay/pending.js';

function memoryStorage() {
  const items = new Map();
  return {
    items,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
  };
}

/** Timers run by hand: `run()` fires the one waiting, as a back-off ending would. */
function manualTimer() {
  const timer = { waiting: null, delays: [] };
  timer.setTimer = (fn, delay) => {
    timer.waiting = fn;
    timer.delays.push(delay);
    return 1;
  };
  timer.clearTimer = () => {};
  timer.run = async () => {
    const fn = timer.waiting;
    timer.waiting = null;
    await fn();
  };
  return timer;
}

describe('pending replay chunks', () => {
  it('keeps what failed and sends it again in order when the connection returns, then the rest', async () => {
    const pending = new PendingChunks(memoryStorage(), 'ses_1');
    const sent = [];
    let online = true;
    const timer = manualTimer();
    const sender = createChunkSender({ pending, random: () => 0, ...timer,
      send: async (body) => (online ? (sent.push(body), 'sent') : 'failed') });

    pending.push('c0');
    await sender.drain();
    online = false;
    pending.push('c1');
    await sender.drain();
    pending.push('c2');
    await sender.drain();
    expect(sent).toEqual(['c0']);
    expect(pending.size).toBe(2);

    online = true;
    await timer.run();
    expect(sent).toEqual(['c0', 'c1', 'c2']);
    expect(pending.size).toBe(0);
  });

  it('backs off while the network stays down and drops a chunk the suite refuses for good', async () => {
    const pending = new PendingChunks(memoryStorage(), 'ses_1');
    const answers = ['failed', 'failed', 'refused', 'sent'];
    const sent = [];
    const timer = manualTimer();
    const sender = createChunkSender({ pending, random: () => 0, ...timer, send: async (body) => {
      const answer = answers.shift();
      if (answer === 'sent') sent.push(body);
      return answer;
    } });

    pending.push('too-big');
    pending.push('fine');
    await sender.drain();
    await timer.run();
    await timer.run();

    expect(timer.delays).toEqual([250, 500]);
    expect(sent).toEqual(['fine']);
    expect(pending.size).toBe(0);
  });

  it('a thrown send (no network at all) is a failure to retry, not a lost chunk', async () => {
    const pending = new PendingChunks(memoryStorage(), 'ses_1');
    const timer = manualTimer();
    const sender = createChunkSender({ pending, ...timer, send: async () => { throw new TypeError('Failed to fetch'); } });
    pending.push('c0');
    await sender.drain();
    expect(pending.first()).toBe('c0');
    expect(timer.waiting).not.toBeNull();
  });

  it("hands what is unsent to the session's next page, and only to that session", () => {
    const storage = memoryStorage();
    const page = new PendingChunks(storage, 'ses_1');
    page.push('c20');
    page.push('c21');

    expect(new PendingChunks(storage, 'ses_1').bodies).toEqual(['c20', 'c21']);
    expect(new PendingChunks(storage, 'ses_2').size).toBe(0);
    page.shift();
    page.shift();
    expect(storage.items.size).toBe(0);
  });

  it('keeps the newest chunks within its bound, and memory only when storage is refused', () => {
    const pending = new PendingChunks(memoryStorage(), 'ses_1', 10);
    pending.push('aaaa');
    pending.push('bbbb');
    pending.push('cccc');
    expect(pending.bodies).toEqual(['bbbb', 'cccc']);

    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => {} };
    const inMemory = new PendingChunks(refusing, 'ses_1');
    inMemory.push('c0');
    expect(inMemory.first()).toBe('c0');
    expect(new PendingChunks(null, 'ses_1').size).toBe(0);
  });

  it('retries what may pass later and drops what never will', () => {
    expect([200, 202, 408, 429, 500, 503, 413, 422, 401].map(outcomeOf))
      .toEqual(['sent', 'sent', 'failed', 'failed', 'failed', 'failed', 'refused', 'refused', 'refused']);
  });
});
