/*!
 * Engagement Suite session replay: rrweb's recorder with the suite's privacy defaults, served at
 * /sdk/engagement-replay.js and loaded by the SDK only when the organization's replay settings
 * are on and the session is sampled in. Chunks are plain rrweb JSON (the server redacts them like
 * any telemetry); the request body is gzip-compressed where the browser can. A chunk whose send
 * fails is kept (in memory and sessionStorage) and sent again, in order, when the connection
 * returns, or by the session's next page.
 */
import { record } from 'rrweb';
import { recordOptions } from './privacy.js';
import { ChunkBuffer, FLUSH_INTERVAL_MS, gzip, replayBatch } from './chunks.js';
import { PendingChunks, createChunkSender, outcomeOf } from './pending.js';

(function (window, document) {
  const sdk = window.Engagement;
  const context = sdk && sdk.__replay;
  if (!context || window.__engagementReplayStarted) return;
  window.__engagementReplayStarted = true;

  const settings = context.settings;
  const buffer = new ChunkBuffer();
  const sessionStartedAt = context.sessionStartedAt || Date.now();
  const pending = new PendingChunks(sessionStorageOrNone(), context.session().session_id);
  const sender = createChunkSender({ pending, send });
  let timer = null;

  // a sandboxed frame may refuse storage altogether: chunks are then kept in memory only
  function sessionStorageOrNone() {
    try {
      return window.sessionStorage;
    } catch (refused) {
      return null;
    }
  }

  function url(compressed) {
    const separator = context.endpoint.indexOf('?') < 0 ? '?' : '&';
    return `${context.endpoint}${separator}public_key=${encodeURIComponent(context.publicKey)}${compressed ? '&compression=gzip' : ''}`;
  }

  function nextBatch() {
    const session = context.session();
    session.url = window.location.href;
    return JSON.stringify(replayBatch(buffer.take(), session, Date.now(), context.uuid));
  }

  // a session shorter than min_duration_ms sends nothing; its events wait until it is long enough
  function due() {
    return !buffer.empty && Date.now() - sessionStartedAt >= (settings.min_duration_ms || 0);
  }

  async function send(body) {
    const compressed = await gzip(body);
    // text/plain keeps the request simple (no preflight), as the SDK's own batches
    const response = await context.fetch(url(compressed !== null), {
      method: 'POST',
      body: compressed || body,
      headers: { 'Content-Type': 'text/plain' },
      keepalive: (compressed ? compressed.size : body.length) < 60000,
    });
    return outcomeOf(response.status);
  }

  function flush() {
    if (due()) pending.push(nextBatch());
    if (pending.size) sender.drain();
  }

  // a beacon cannot wait for the compressor, and it outlives the page: what is left goes plain, in
  // order. Offline, or while a send is still out, it stays in sessionStorage for the next page instead.
  function flushOnHide() {
    if (due()) pending.push(nextBatch());
    if (!navigator.sendBeacon || navigator.onLine === false || sender.busy()) return;
    while (pending.size && navigator.sendBeacon(url(false), new Blob([pending.first()], { type: 'text/plain' }))) pending.shift();
  }

  // rrweb takes the first full snapshot inside record(): the measure shows what it costs the page's main thread
  performance.mark('engagement-replay-start');
  record({
    ...recordOptions(settings),
    emit(event) {
      if (buffer.add(event)) flush();
    },
  });
  performance.measure('engagement-replay-first-snapshot', 'engagement-replay-start');
  // the SDK marks its errors, failed calls and rage clicks in the recording for the replay's timeline
  context.mark = (tag, payload) => record.addCustomEvent(tag, payload);
  timer = window.setInterval(flush, FLUSH_INTERVAL_MS);
  window.addEventListener('online', sender.nudge);
  // what an earlier page of the session could not send goes first
  if (pending.size) sender.drain();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnHide();
  });
  window.addEventListener('pagehide', flushOnHide);
  sdk.__replay.stop = () => window.clearInterval(timer);
})(window, document);
