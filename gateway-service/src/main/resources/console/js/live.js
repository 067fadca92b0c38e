// The agents' live connection, on the console's own origin with the signed-in data key.
import { api } from './api.js';

const PING_EVERY_MS = 25_000;
const PONG_WITHIN_MS = 10_000;
const LONGEST_BACKOFF_MS = 30_000;

/**
 * The agent connection: a ticket from POST /external/v1/live/tickets, then the socket on the same
 * origin; pinged so a silent drop is noticed; reconnected with exponential back-off and jitter.
 */
export class LiveConnection {
  constructor(agent, { status = () => {}, open = () => {}, frame = () => {} } = {}) {
    this.agent = agent;
    this.handlers = { status, open, frame };
    this.socket = null;
    this.attempts = 0;
    this.everOpened = false;
    this.closed = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }

  start() {
    this.connect();
  }

  async connect() {
    if (this.closed) return;
    this.handlers.status(this.everOpened ? 'Reconnecting…' : 'Connecting…');
    let ticket;
    try {
      ({ ticket } = await api('POST', '/external/v1/live/tickets', { agent_email: this.agent }));
    } catch (failure) {
      if (this.closed || failure.status === 401) return;
      this.retry();
      return;
    }
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}/external/v1/live?ticket=${encodeURIComponent(ticket)}`);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.closed) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempts = 0;
      this.handlers.status('Live');
      this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
      this.handlers.open(reconnected);
    });
    socket.addEventListener('message', event => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      if (frame?.event === 'pong') {
        clearTimeout(this.pongTimer);
        return;
      }
      this.handlers.frame(frame);
    });
    socket.addEventListener('close', () => {
      clearInterval(this.pingTimer);
      clearTimeout(this.pongTimer);
      if (this.socket === socket) this.socket = null;
      if (!this.closed) this.retry();
    });
  }

  ping() {
    if (!this.send({ action: 'ping' })) return;
    clearTimeout(this.pongTimer);
    // no pong: the connection is gone without a close; closing it starts the reconnect
    this.pongTimer = setTimeout(() => this.socket?.close(), PONG_WITHIN_MS);
  }

  retry() {
    clearTimeout(this.retryTimer);
    const delay = Math.min(LONGEST_BACKOFF_MS, 1000 * 2 ** this.attempts) * (0.5 + Math.random() / 2);
    this.attempts += 1;
    this.handlers.status(`Offline, retrying in ${Math.ceil(delay / 1000)} s`);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  send(action) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(action));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
  }
}
