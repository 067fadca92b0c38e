// Replay chunks not yet accepted by the suite, sent in order, kept until they are.
import { backoffDelay } from '../widget/backoff.js';

/** What unsent chunks may hold, in memory and in sessionStorage: a long outage keeps the latest 2 MB of JSON. */
export const MAX_PENDING_BYTES = 2 * 1024 * 1024;

/**
 * The chunks a session has still to send, as the telemetry bodies that carry them (each with its
 * own event id, so a chunk sent twice is counted once). They are written to sessionStorage as they
 * change, under the session's key: the next page of the session, in the same tab, sends what this
 * one could not. Past {@link MAX_PENDING_BYTES} the oldest go first.
 */
export class PendingChunks {
  constructor(storage, sessionId, maxBytes = MAX_PENDING_BYTES) {
    this.storage = storage;
    this.key = `engagement.replay.pending:${sessionId}`;
    this.maxBytes = maxBytes;
    this.bodies = this.load();
  }

  get size() {
    return this.bodies.length;
  }

  first() {
    return this.bodies[0];
  }

  push(body) {
    this.bodies.push(body);
    let bytes = this.bodies.reduce((sum, kept) => sum + kept.length, 0);
    while (bytes > this.maxBytes && this.bodies.length > 1) bytes -= this.bodies.shift().length;
    this.save();
  }

  /** The first chunk went: accepted, or refused for good. */
  shift() {
    this.bodies.shift();
    this.save();
  }

  load() {
    try {
      const saved = JSON.parse(this.storage.getItem(this.key) || '[]');
      return Array.isArray(saved) ? saved.filter((body) => typeof body === 'string') : [];
    } catch (unreadable) {
      return [];
    }
  }

  save() {
    try {
      if (this.bodies.length) this.storage.setItem(this.key, JSON.stringify(this.bodies));
      else this.storage.removeItem(this.key);
    } catch (full) {
      // a full or unavailable storage keeps them in memory only: this page may still send them
    }
  }
}

/**
 * Sends the pending chunks one at a time, in order. `send(body)` answers `'sent'`, `'refused'` (a
 * 4xx that no retry can change: the chunk is dropped) or `'failed'` (the network, or the suite
 * for now: the chunk stays, and the next try comes after a back-off, or at once when `nudge`d).
 */
export function createChunkSender({ pending, send, random = Math.random, setTimer = setTimeout, clearTimer = clearTimeout }) {
  let sending = false;
  let failures = 0;
  let retry = null;

  async function drain() {
    if (sending) return;
    sending = true;
    clearTimer(retry);
    retry = null;
    try {
      while (pending.size) {
        const outcome = await send(pending.first()).catch(() => 'failed');
        if (outcome === 'failed') {
          retry = setTimer(drain, backoffDelay(failures++, random));
          return;
        }
        failures = 0;
        pending.shift();
      }
    } finally {
      sending = false;
    }
  }

  return { drain, nudge: () => (sending ? undefined : drain()), busy: () => sending };
}

/** What a response means for the chunk it answered. */
export function outcomeOf(status) {
  if (status >= 200 && status < 300) return 'sent';
  return status === 408 || status === 429 || status >= 500 ? 'failed' : 'refused';
}
