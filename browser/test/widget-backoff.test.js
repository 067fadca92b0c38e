import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { backoffDelay, FIRST_DELAY_MS, MAX_DELAY_MS } from '../src/widget/backoff.js';
import { createLive, PING_MS, STABLE_MS } from '../src/widget/live.js';

class FakeSocket {
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.all.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  push(frame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

describe('back-off', () => {
  it('starts at half a second and doubles', () => {
    const ceiling = (attempt) => backoffDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4].map(ceiling)).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('never waits more than 30 s, however many attempts failed', () => {
    expect(backoffDelay(6, () => 1)).toBe(MAX_DELAY_MS);
    expect(backoffDelay(50, () => 1)).toBe(MAX_DELAY_MS);
    expect(backoffDelay(5000, () => 1)).toBe(MAX_DELAY_MS);
  });

  it('spreads retries with jitter over the upper half of each delay', () => {
    expect(backoffDelay(0, () => 0)).toBe(FIRST_DELAY_MS / 2);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(10);
      expect(delay).toBeGreaterThanOrEqual(MAX_DELAY_MS / 2);
      expect(delay).toBeLessThanOrEqual(MAX_DELAY_MS);
    }
  });
});

describe('live connection', () => {
  let events;
  let opens;
  let live;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    events = [];
    opens = 0;
    live = createLive({
      url: () => `wss://gw.test/widget/v1/live?n=${FakeSocket.all.length}`,
      WebSocketImpl: FakeSocket,
      onOpen: () => opens++,
      onEvent: (frame) => events.push(frame),
      random: () => 1,
    });
  });

  afterEach(() => {
    live.stop();
    vi.useRealTimers();
  });

  const latest = () => FakeSocket.all.at(-1);

  it('reconnects after each drop with growing delays', () => {
    live.start();
    latest().drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('starts again from the first delay after a connection that stayed up', () => {
    live.start();
    for (let i = 0; i < 4; i++) {
      latest().drop();
      vi.advanceTimersByTime(MAX_DELAY_MS);
    }
    latest().accept();
    vi.advanceTimersByTime(STABLE_MS);
    latest().drop();
    vi.advanceTimersByTime(FIRST_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('calls onOpen on every connection, so the caller resumes each time', () => {
    live.start();
    latest().accept();
    latest().drop();
    vi.advanceTimersByTime(FIRST_DELAY_MS);
    latest().accept();
    expect(opens).toBe(2);
  });

  it('pings every 25 s and hands over every event but pong', () => {
    live.start();
    latest().accept();
    vi.advanceTimersByTime(PING_MS);
    expect(latest().sent).toEqual([{ action: 'ping' }]);
    latest().push({ event: 'pong' });
    latest().push({ event: 'message.created', data: { seq: 1 } });
    expect(events).toEqual([{ event: 'message.created', data: { seq: 1 } }]);
  });

  it('replaces a connection that went silent (no pong for two pings)', () => {
    live.start();
    const silent = latest();
    silent.accept();
    vi.advanceTimersByTime(3 * PING_MS);
    expect(silent.readyState).toBe(3);
    vi.advanceTimersByTime(FIRST_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('ignores a replaced socket, and stops for good when stopped', () => {
    live.start();
    const first = latest();
    first.accept();
    first.drop();
    vi.advanceTimersByTime(FIRST_DELAY_MS);
    first.push({ event: 'message.created', data: {} });
    expect(events).toEqual([]);
    live.stop();
    vi.advanceTimersByTime(MAX_DELAY_MS * 2);
    expect(FakeSocket.all).toHaveLength(2);
    expect(live.send({ action: 'ping' })).toBe(false);
  });

  it('comes back at once when the browser says the network returned', () => {
    live.start();
    latest().drop();
    live.nudge();
    expect(FakeSocket.all).toHaveLength(2);
  });
});
