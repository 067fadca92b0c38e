import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { record } from 'rrweb';
import { mask, recordOptions, WIDGET_SELECTOR } from '../src/replay/privacy.js';
import { ChunkBuffer, gzip, replayBatch } from '../src/replay/chunks.js';

const DEFAULTS = {
  enabled: true, sample_rate: 1, mask_all_text: true, mask_all_inputs: true,
  block_selector: '[data-engagement-block]', min_duration_ms: 0,
};

/** The full snapshot rrweb takes of the current document with these settings, as JSON text. */
function snapshotWith(settings) {
  const events = [];
  const stop = record({ ...recordOptions(settings), emit: (event) => events.push(event) });
  stop();
  const full = events.find((event) => event.type === 2);
  expect(full, 'a full snapshot').toBeDefined();
  return JSON.stringify(full);
}

function page() {
  document.body.innerHTML = `
    <h1>Order for Ada Lovelace</h1>
    <p data-engagement-unmask>Shipping options</p>
    <input id="card" value="4242 4242 4242 4242">
    <input id="secret" type="password" value="hunter2">
    <div class="billing" data-secret-area><span>IBAN DE89 3704</span></div>
    <div id="engagement-widget"><span>Agent Grace</span></div>`;
}

describe('the recorder sees the page through the replay settings', () => {
  it('masks every text and input by default, and shows text marked data-engagement-unmask', () => {
    page();
    const snapshot = snapshotWith(DEFAULTS);

    expect(snapshot).not.toContain('Ada Lovelace');
    expect(snapshot).toContain('***** *** *** ********');
    expect(snapshot).toContain('Shipping options');
    expect(snapshot).not.toContain('4242');
    expect(snapshot).not.toContain('hunter2');
  });

  it('never records the chat widget nor what the block selector names', () => {
    page();
    const snapshot = snapshotWith({ ...DEFAULTS, mask_all_text: false, block_selector: '[data-secret-area]' });

    expect(snapshot).toContain('Order for Ada Lovelace');
    expect(snapshot).not.toContain('IBAN');
    expect(snapshot).not.toContain('Agent Grace');
    expect(snapshot).toContain('"rr_width"');
  });

  it('masks passwords even when inputs are shown', () => {
    page();
    const snapshot = snapshotWith({ ...DEFAULTS, mask_all_inputs: false });

    expect(snapshot).toContain('4242 4242 4242 4242');
    expect(snapshot).not.toContain('hunter2');
  });

  it('blocks the widget also when the organization clears its block selector', () => {
    expect(recordOptions({ ...DEFAULTS, block_selector: '' }).blockSelector).toBe(WIDGET_SELECTOR);
    expect(recordOptions({ ...DEFAULTS, block_selector: '.private' }).blockSelector).toBe(`.private, ${WIDGET_SELECTOR}`);
  });

  it('masks characters, not layout', () => {
    expect(mask('Hi  there\n')).toBe('**  *****\n');
  });
});

describe('chunks', () => {
  it('is full at the byte limit and numbers its chunks', () => {
    const buffer = new ChunkBuffer(100);
    expect(buffer.add({ type: 3, data: 'x'.repeat(40) })).toBe(false);
    expect(buffer.add({ type: 3, data: 'y'.repeat(40) })).toBe(true);

    const first = buffer.take();
    expect(first.sequence).toBe(0);
    expect(first.events).toHaveLength(2);
    expect(buffer.empty).toBe(true);
    buffer.add({ type: 3 });
    expect(buffer.take().sequence).toBe(1);
  });

  it('goes as one replay telemetry event of the session, plain rrweb JSON inside', () => {
    const batch = replayBatch({ events: [{ type: 4 }], sequence: 3 },
      { session_id: 's-1', anonymous_id: 'a-1', url: 'https://shop.example/cart' }, Date.UTC(2026, 0, 2), () => 'e-1');

    expect(batch).toEqual({
      events: [{
        event_id: 'e-1', type: 'replay', session_id: 's-1', anonymous_id: 'a-1',
        timestamp: '2026-01-02T00:00:00.000Z', url: 'https://shop.example/cart',
        data: { events: [{ type: 4 }], sequence: 3 },
      }],
    });
  });

  it('compresses the body with gzip where the browser has CompressionStream', async () => {
    const text = JSON.stringify({ events: [{ data: 'a'.repeat(10_000) }] });
    const compressed = await gzip(text);

    expect(compressed.size).toBeLessThan(text.length / 10);
    expect(gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(text);
  });
});
