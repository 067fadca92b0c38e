// rrweb events gathered into the chunks the SDK sends as `replay` telemetry events.

export const FLUSH_INTERVAL_MS = 5000;
export const MAX_CHUNK_BYTES = 256 * 1024;

/**
 * Keeps rrweb's events until a chunk is due: every 5 s, or at 256 kB of JSON, whichever first.
 * Sizes are counted as each event arrives, so a chunk is never serialized twice.
 */
export class ChunkBuffer {
  constructor(maxBytes = MAX_CHUNK_BYTES) {
    this.maxBytes = maxBytes;
    this.events = [];
    this.bytes = 0;
    this.sequence = 0;
  }

  /** Adds one event; true when the chunk is full and should go now. */
  add(event) {
    this.events.push(event);
    this.bytes += JSON.stringify(event).length + 1;
    return this.bytes >= this.maxBytes;
  }

  get empty() {
    return this.events.length === 0;
  }

  /** The events so far as the next chunk's data, numbered from 0 within the page. */
  take() {
    const chunk = { events: this.events, sequence: this.sequence++ };
    this.events = [];
    this.bytes = 0;
    return chunk;
  }
}

/** The telemetry body for one chunk, in the ingest's `{"events": [...]}` shape. */
export function replayBatch(chunk, session, now, uuid) {
  const event = {
    event_id: uuid(),
    type: 'replay',
    session_id: session.session_id,
    timestamp: new Date(now).toISOString(),
    url: session.url,
    data: chunk,
  };
  if (session.anonymous_id) event.anonymous_id = session.anonymous_id;
  if (session.customer_id) event.customer_id = session.customer_id;
  return { events: [event] };
}

/** gzip with the browser's CompressionStream; null where it does not exist, so the caller sends plain JSON. */
export async function gzip(text) {
  if (typeof CompressionStream === 'undefined') return null;
  const stream = new Response(text).body.pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).blob();
}
