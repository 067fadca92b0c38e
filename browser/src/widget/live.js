import { backoffDelay } from './backoff.js';

export const PING_MS = 25000;
// a connection that stayed up this long is healthy again: the next drop starts from the first delay
export const STABLE_MS = 10000;

const OPEN = 1;

/**
 * The visitor's WebSocket, kept up for as long as it is started: a drop reconnects after a
 * back-off, and `onOpen` runs on every (re)connection so the caller resumes from the last seq it
 * showed. A ping every 25 s keeps proxies from closing an idle connection; when nothing at all
 * came back for two pings the connection is taken for dead (a sleeping laptop, a lost network
 * never says so) and replaced.
 */
export function createLive({ url, WebSocketImpl, onOpen, onEvent, onDown, random = Math.random, now = Date.now }) {
  let socket = null;
  let attempt = 0;
  let started = false;
  let lastHeard = 0;
  let timers = {};

  function clear(...names) {
    names.forEach((name) => {
      clearTimeout(timers[name]);
      clearInterval(timers[name]);
      timers[name] = undefined;
    });
  }

  let addressing = false;

  /** `url()` may answer at once or with a promise (a live ticket is fetched for each connection). */
  function connect() {
    clear('retry');
    if (addressing) return;
    let address;
    try {
      address = url();
    } catch (failed) {
      dropped();
      return;
    }
    if (!address || typeof address.then !== 'function') {
      open(address);
      return;
    }
    addressing = true;
    address.then(
      (resolved) => {
        addressing = false;
        if (started && !socket) open(resolved);
      },
      () => {
        addressing = false;
        if (started && !socket) dropped();
      },
    );
  }

  function open(address) {
    let current;
    try {
      current = new WebSocketImpl(address);
    } catch (refused) {
      dropped();
      return;
    }
    socket = current;
    // a replaced socket's late events must not touch the current one
    const mine = (handler) => (event) => current === socket && handler(event);
    current.onopen = mine(opened);
    current.onmessage = mine(received);
    current.onclose = mine(dropped);
  }

  function opened() {
    lastHeard = now();
    timers.stable = setTimeout(() => {
      attempt = 0;
    }, STABLE_MS);
    timers.ping = setInterval(ping, PING_MS);
    onOpen();
  }

  function received(event) {
    lastHeard = now();
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch (notJson) {
      return;
    }
    if (frame && frame.event && frame.event !== 'pong') onEvent(frame);
  }

  function ping() {
    if (now() - lastHeard > 2 * PING_MS) {
      abandon();
      dropped();
      return;
    }
    send({ action: 'ping' });
  }

  function dropped() {
    clear('stable', 'ping');
    socket = null;
    if (onDown) onDown();
    if (started) timers.retry = setTimeout(connect, backoffDelay(attempt++, random));
  }

  function abandon() {
    const old = socket;
    socket = null;
    if (old) {
      old.onopen = old.onmessage = old.onclose = null;
      try {
        old.close();
      } catch (alreadyClosed) {
        // nothing left to close
      }
    }
  }

  function start() {
    if (started) return;
    started = true;
    connect();
  }

  function stop() {
    started = false;
    clear('retry', 'stable', 'ping');
    abandon();
  }

  /** The network came back (the browser says so): no need to sit out the rest of a back-off. */
  function nudge() {
    if (started && !socket) connect();
  }

  function send(action) {
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(action));
    return true;
  }

  return { start, stop, nudge, send, isOpen: () => Boolean(socket && socket.readyState === OPEN) };
}
