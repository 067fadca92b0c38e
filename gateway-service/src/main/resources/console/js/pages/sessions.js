// Sessions: the newest first, and one session's intelligence with its recording played on a
// timeline of page views, clicks, rage clicks, console errors and failed API calls. #/sessions/<id>?at=<ISO> opens at that moment.
import { get, query } from '../api.js';
import { facts, h, mount, onLeave, table, when } from '../dom.js';
import { pager } from './customers.js';

export async function render(view, [sessionId], params) {
  if (sessionId) return detail(view, sessionId, params);
  const filters = { customer_id: '', page: 1 };
  const results = h('div');
  const customer = h('input', { id: 'session-customer', type: 'text' });
  async function load() {
    const page = await get(query('/external/v1/sessions', { ...filters, page_size: 20 }));
    mount(results, table(`Sessions: ${page.total} in all`, [
      ['Session', s => h('a', { href: `#/sessions/${encodeURIComponent(s.session_id)}` }, s.session_id)],
      ['Customer', s => s.customer_id ? h('a', { href: `#/customers/${encodeURIComponent(s.customer_id)}` }, s.customer_id) : s.anonymous_id],
      ['Last seen', s => when(s.last_seen_at)], ['Last page', s => s.last_url], ['Pages', s => s.page_view_count],
      ['Errors', s => s.total_error_count], ['Engagement', s => s.engagement_score],
    ], page.data ?? [], 'No sessions yet.'), pager(page, next => { filters.page = next; load(); }));
  }
  mount(view, h('h1', {}, 'Sessions'),
    h('form', { class: 'toolbar', role: 'search', onsubmit: event => { event.preventDefault(); filters.customer_id = customer.value.trim(); filters.page = 1; load(); } },
      h('div', { class: 'field' }, h('label', { for: 'session-customer' }, 'Customer id'), customer),
      h('button', { type: 'submit' }, 'Filter')),
    results);
  await load();
}

async function detail(view, sessionId, params) {
  let closed = false;
  let player = null;
  onLeave(() => {
    closed = true;
    player?.destroy();
  });
  const path = `/external/v1/sessions/${encodeURIComponent(sessionId)}`;
  const [s, replay] = await Promise.all([get(path), get(`${path}/replay`).catch(failure => ({ chunks: [], failure }))]);
  if (closed) return;
  const chunks = Array.isArray(replay.chunks) ? replay.chunks : [];
  const stage = h('div', { class: 'replay', 'data-console': 'replay' });
  const recording = h('section', { class: 'card', 'aria-labelledby': 'recording-title' },
    h('h2', { id: 'recording-title' }, 'Recording'), stage);
  mount(view, h('p', {}, h('a', { href: '#/sessions' }, '← Sessions')), h('h1', {}, `Session ${s.session_id}`),
    recording,
    h('section', { class: 'card', 'aria-labelledby': 'session-facts' }, h('h2', { id: 'session-facts' }, 'Intelligence'), facts([
      ['Customer', s.customer_id ? h('a', { href: `#/customers/${encodeURIComponent(s.customer_id)}` }, s.customer_id) : null],
      ['Anonymous id', s.anonymous_id], ['Started', when(s.started_at)], ['Last seen', when(s.last_seen_at)],
      ['Channel', s.channel], ['Last page', s.last_url], ['Page views', s.page_view_count], ['Errors', s.total_error_count],
      ['API calls', s.api_call_count], ['API error rate', s.api_error_rate], ['Avg. response (ms)', s.avg_response_time_ms],
      ['Engagement score', s.engagement_score], ['Churn risk', s.churn_risk_score], ['Recording chunks', s.replay_chunks],
    ])));
  if (replay.failure && replay.failure.status !== 404) {
    mount(stage, h('p', { class: 'notice error', role: 'alert' }, `The recording could not be read: ${replay.failure.message}`));
    return;
  }
  if (!chunks.length) {
    mount(stage, h('p', { class: 'notice', 'data-console': 'no-recording' }, 'No recording'));
    return;
  }
  let module;
  try {
    loadPlayerStyles();
    module = await import(PLAYER);
  } catch (failure) {
    mount(stage, h('p', { class: 'notice error', role: 'alert' }, `The replay player could not be loaded (${failure.message}).`));
    return;
  }
  if (closed) return;
  const events = module.flattenChunks(chunks);
  if (!module.isPlayable(events)) {
    mount(stage, h('p', { class: 'notice', 'data-console': 'no-recording' }, 'No recording'),
      h('p', { class: 'muted' }, `${chunks.length} chunks arrived, but none holds the full page snapshot a replay starts from.`));
    return;
  }
  const timeline = buildTimeline(module, events, s);
  try {
    player = module.createPlayer(stage, events, { onTime: timeline.at });
  } catch (failure) {
    mount(stage, h('p', { class: 'notice error', role: 'alert' }, `The recording could not be played (${failure.message}).`));
    return;
  }
  timeline.attach(player);
  recording.append(timeline.element);
  const at = params?.get('at');
  if (at) {
    const moment = Date.parse(at);
    if (Number.isNaN(moment)) return;
    const offset = moment - player.startTime;
    player.seek(offset);
    const outside = offset < 0 || offset > player.duration;
    stage.before(h('p', { class: outside ? 'notice' : 'notice ok', role: 'status', 'data-console': 'replay-at' },
      outside ? `${when(at)} is outside the recording (${when(player.startTime)} to ${when(player.endTime)}); it starts at the nearest end.`
        : `Showing ${when(at)}.`));
  }
}

// the bundle of rrweb's Replayer, built from browser/src/player/ and served beside the console
const PLAYER = new URL('../../browser/replay-player.js', import.meta.url).href;

function loadPlayerStyles() {
  if (document.getElementById('replay-player-css')) return;
  document.head.append(h('link', { id: 'replay-player-css', rel: 'stylesheet', href: new URL('../../browser/replay-player.css', import.meta.url).href }));
}

/**
 * The moments of the recording as a track (where they fall) and a list of buttons that jump to
 * each, filtered by kind. Console errors and failed API calls are marked only when the recording
 * carries them; the session's own counts say how many there were.
 */
function buildTimeline(module, events, s) {
  const markers = module.timelineMarkers(events);
  const labels = module.MARKER_LABELS;
  const duration = Math.max(1, events[events.length - 1].timestamp - events[0].timestamp);
  let player = null;
  let currentIndex = -1;
  const hidden = new Set();
  const track = h('div', { class: 'timeline-track', 'aria-hidden': 'true' });
  const list = h('ol', { class: 'timeline-list', 'data-console': 'timeline', 'aria-label': 'Moments of the recording' });
  const items = markers.map((marker, index) => {
    const dot = h('span', { class: `timeline-dot ${marker.kind}`, title: `${module.formatTime(marker.offset)} ${labels[marker.kind]}: ${marker.label}` });
    dot.style.left = `${(marker.offset / duration) * 100}%`;
    track.append(dot);
    const button = h('button', { type: 'button', class: 'timeline-marker', 'data-console': 'marker', 'data-kind': marker.kind,
      'data-offset': String(marker.offset), 'data-timestamp': new Date(marker.timestamp).toISOString(),
      onclick: () => player?.seek(marker.offset) },
    h('span', { class: 'timeline-time' }, module.formatTime(marker.offset)),
    h('span', { class: `badge ${marker.kind}` }, labels[marker.kind]),
    h('span', { class: 'timeline-label' }, marker.label));
    const item = h('li', {}, button);
    list.append(item);
    return { marker, dot, item, button, index };
  });
  track.addEventListener('click', event => {
    const box = track.getBoundingClientRect();
    if (player && box.width) player.seek(((event.clientX - box.left) / box.width) * player.duration);
  });
  const counts = Object.fromEntries(module.MARKER_KINDS.map(kind => [kind, markers.filter(m => m.kind === kind).length]));
  const filters = h('fieldset', { class: 'timeline-filters' }, h('legend', {}, 'Show'),
    h('div', { class: 'row' }, module.MARKER_KINDS.map(kind => {
      const id = `timeline-${kind}`;
      const box = h('input', { id, type: 'checkbox', checked: true, onchange: () => {
        if (box.checked) hidden.delete(kind);
        else hidden.add(kind);
        for (const entry of items) {
          const off = hidden.has(entry.marker.kind);
          entry.item.hidden = off;
          entry.dot.hidden = off;
        }
      } });
      return h('div', { class: 'field inline' }, box, h('label', { for: id }, `${labels[kind]} (${counts[kind]})`));
    })));
  const errors = Number(s.total_error_count) || 0;
  const recorded = counts.console_error + counts.api_error;
  const note = errors > recorded
    ? h('p', { class: 'muted', 'data-console': 'timeline-errors-note' }, recorded
      ? `The session counted ${errors} console errors and failed API calls; the ${recorded} the recording carries are on the timeline.`
      : `The session counted ${errors} console errors and failed API calls; the recording does not carry them, so they are not on the timeline.`)
    : null;
  const element = h('div', { class: 'timeline' },
    h('h3', {}, 'Timeline'), track, filters,
    markers.length ? list : h('p', { class: 'muted', 'data-console': 'timeline' }, 'Nothing to mark in this recording.'), note);
  return {
    element,
    attach(created) { player = created; },
    at(ms) {
      // the last moment reached is the current one
      let index = -1;
      for (let i = 0; i < markers.length && markers[i].offset <= ms; i++) index = i;
      if (index === currentIndex) return;
      items[currentIndex]?.button.removeAttribute('aria-current');
      items[currentIndex]?.dot.classList.remove('current');
      currentIndex = index;
      items[index]?.button.setAttribute('aria-current', 'true');
      items[index]?.dot.classList.add('current');
    },
  };
}
