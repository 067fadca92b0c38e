import { describe, expect, it } from 'vitest';
import { displayUrl, flattenChunks, formatTime, isPlayable, timelineMarkers } from '../src/player/timeline.js';

const T0 = Date.parse('2026-05-01T10:00:00Z');
const meta = (at, href) => ({ type: 4, data: { href, width: 1024, height: 768 }, timestamp: at });
const full = at => ({
  type: 2, timestamp: at, data: { initialOffset: { top: 0, left: 0 }, node: { type: 0, id: 1, childNodes: [
    { type: 2, id: 2, tagName: 'html', attributes: {}, childNodes: [
      { type: 2, id: 3, tagName: 'body', attributes: {}, childNodes: [
        { type: 2, id: 4, tagName: 'button', attributes: { id: 'buy' }, childNodes: [] },
        { type: 2, id: 5, tagName: 'a', attributes: { class: 'nav  link' }, childNodes: [] },
      ] },
    ] },
  ] } },
});
const click = (at, id) => ({ type: 3, timestamp: at, data: { source: 2, type: 2, id, x: 1, y: 1 } });

describe('flattenChunks', () => {
  it('putsTheEventsOfEveryChunkInTimeOrderKeepingTheOrderOfEventsOfOneMoment', () => {
    const a = { type: 3, timestamp: T0 + 10, data: { n: 'a' } };
    const b = { type: 3, timestamp: T0 + 10, data: { n: 'b' } };
    const chunks = [
      { events: [click(T0 + 500, 4)], sequence: 1 },
      { events: [meta(T0, 'https://shop.example/'), full(T0 + 1), a, b], sequence: 0 },
    ];
    const events = flattenChunks(chunks);
    expect(events.map(e => e.timestamp)).toEqual([T0, T0 + 1, T0 + 10, T0 + 10, T0 + 500]);
    expect(events[2]).toBe(a);
    expect(events[3]).toBe(b);
  });

  it('leavesOutWhatIsNotAnRrwebEvent', () => {
    expect(flattenChunks([{ events: [null, { type: 'x', timestamp: 1 }, { type: 3 }, { type: 3, timestamp: 5 }] }, null, { sequence: 2 }]))
      .toEqual([{ type: 3, timestamp: 5 }]);
    expect(flattenChunks(undefined)).toEqual([]);
  });
});

describe('isPlayable', () => {
  it('needsAMetaAndAFullSnapshot', () => {
    expect(isPlayable([meta(T0, 'https://a/'), full(T0)])).toBe(true);
    expect(isPlayable([meta(T0, 'https://a/'), click(T0, 1)])).toBe(false);
    expect(isPlayable([])).toBe(false);
  });
});

describe('timelineMarkers', () => {
  it('marksEachPageLoadAsAPageViewByItsPathAtTheSnapshotThatShowsIt', () => {
    const markers = timelineMarkers([meta(T0, 'https://shop.example/pricing?plan=pro'), full(T0 + 1), meta(T0 + 4000, 'https://shop.example/checkout'), full(T0 + 4030)]);
    expect(markers).toEqual([
      { kind: 'page_view', timestamp: T0 + 1, offset: 1, label: '/pricing' },
      { kind: 'page_view', timestamp: T0 + 4030, offset: 4030, label: '/checkout' },
    ]);
  });

  it('namesTheClickedElementFromTheSnapshot', () => {
    const markers = timelineMarkers([meta(T0, 'https://s/'), full(T0), click(T0 + 100, 4), click(T0 + 3000, 5), click(T0 + 4000, 99)]);
    expect(markers.filter(m => m.kind === 'click').map(m => [m.offset, m.label]))
      .toEqual([[100, 'Click on button#buy'], [3000, 'Click on a.nav'], [4000, 'Click']]);
  });

  it('marksARageClickAtTheThirdClickOnOneElementWithinASecondAsTheSdkDoes', () => {
    const markers = timelineMarkers([meta(T0, 'https://s/'), full(T0),
      click(T0 + 100, 4), click(T0 + 400, 4), click(T0 + 800, 4), click(T0 + 900, 4),
      click(T0 + 5000, 4), click(T0 + 5500, 5), click(T0 + 5600, 4)]);
    const rage = markers.filter(m => m.kind === 'rage_click');
    expect(rage).toEqual([{ kind: 'rage_click', timestamp: T0 + 800, offset: 800, label: 'Rage click on button#buy' }]);
  });

  it('marksConsoleErrorsAndFailedCallsTheRecordingCarries', () => {
    const markers = timelineMarkers([meta(T0, 'https://s/'), full(T0),
      { type: 6, timestamp: T0 + 10, data: { plugin: 'rrweb/console@1', payload: { level: 'error', payload: ['"boom"', 'at x'] } } },
      { type: 6, timestamp: T0 + 11, data: { plugin: 'rrweb/console@1', payload: { level: 'log', payload: ['fine'] } } },
      { type: 5, timestamp: T0 + 20, data: { tag: 'console_error', payload: { message: 'TypeError: x is undefined' } } },
      { type: 5, timestamp: T0 + 30, data: { tag: 'api_log', payload: { method: 'post', request_url: '/api/pay', status: 502 } } },
      { type: 5, timestamp: T0 + 31, data: { tag: 'api_log', payload: { method: 'get', request_url: '/api/ok', status: 404 } } },
      { type: 6, timestamp: T0 + 40, data: { plugin: 'rrweb/network@1', payload: { requests: [{ name: '/api/a', method: 'GET', status: 0 }, { name: '/api/b', status: 200 }] } } },
    ]);
    expect(markers.filter(m => m.kind !== 'page_view').map(m => [m.kind, m.offset, m.label])).toEqual([
      ['console_error', 10, '"boom" at x'],
      ['console_error', 20, 'TypeError: x is undefined'],
      ['api_error', 30, 'POST /api/pay → 502'],
      ['api_error', 40, 'GET /api/a → 0'],
    ]);
  });

  it('prefersTheRageClicksTheRecordingNamesToDerivedOnes', () => {
    const markers = timelineMarkers([meta(T0, 'https://s/'), full(T0), click(T0 + 1, 4), click(T0 + 2, 4), click(T0 + 3, 4),
      { type: 5, timestamp: T0 + 3, data: { tag: 'rage_click', payload: { selector: '#buy' } } }]);
    expect(markers.filter(m => m.kind === 'rage_click').map(m => m.label)).toEqual(['Rage click on #buy']);
  });

  it('isEmptyWithoutEvents', () => {
    expect(timelineMarkers([])).toEqual([]);
  });
});

describe('formatting', () => {
  it('formatsPositionsAsMinutesAndSeconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65_400)).toBe('1:05');
    expect(formatTime(3_725_000)).toBe('1:02:05');
    expect(formatTime(-5)).toBe('0:00');
  });

  it('showsAPageByItsPath', () => {
    expect(displayUrl('https://a.example/x/y?q=1#h')).toBe('/x/y');
    expect(displayUrl('not a url')).toBe('not a url');
    expect(displayUrl(undefined)).toBe('');
  });
});
