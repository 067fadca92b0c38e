// What a recording tells without playing it: its events in order, whether rrweb can play them,
// and the moments the console marks on its timeline. Plain functions over rrweb's JSON (no DOM),
// so they are tested without a browser.

// rrweb's numbering (EventType, IncrementalSource, MouseInteractions), fixed by its recording format
export const EVENT = { FullSnapshot: 2, IncrementalSnapshot: 3, Meta: 4, Custom: 5, Plugin: 6 };
const SOURCE_MUTATION = 0;
const SOURCE_MOUSE_INTERACTION = 2;
const INTERACTION_CLICK = 2;
const NODE_ELEMENT = 2;

// the SDK's definition of a rage click (engagement.js): the third click on one element within a second
export const RAGE_CLICKS = 3;
export const RAGE_WINDOW_MS = 1000;

export const MARKER_KINDS = ['page_view', 'click', 'rage_click', 'console_error', 'api_error'];
export const MARKER_LABELS = {
  page_view: 'Page view', click: 'Click', rage_click: 'Rage click', console_error: 'Console error', api_error: 'Failed API call',
};

const isEvent = event => event !== null && typeof event === 'object' && Number.isFinite(event.timestamp) && Number.isInteger(event.type);

/**
 * The rrweb events of a session's chunks (`GET /external/v1/sessions/{id}/replay`'s `chunks`, each
 * `{"events": [...], "sequence": n}`), oldest first. Chunks arrive in the order the server received
 * them, which a beacon sent on hide may upset, so events are put in time order; the sort is stable,
 * so events of one moment keep their recorded order. Anything that is not an rrweb event is left out.
 */
export function flattenChunks(chunks) {
  const events = [];
  for (const chunk of Array.isArray(chunks) ? chunks : []) {
    const list = Array.isArray(chunk) ? chunk : chunk && chunk.events;
    if (!Array.isArray(list)) continue;
    for (const event of list) if (isEvent(event)) events.push(event);
  }
  return events.sort((a, b) => a.timestamp - b.timestamp);
}

/** rrweb's Replayer needs a Meta event (the viewport) and a FullSnapshot (the page) to show anything. */
export function isPlayable(events) {
  return Array.isArray(events) && events.some(e => e.type === EVENT.Meta) && events.some(e => e.type === EVENT.FullSnapshot);
}

/** m:ss, or h:mm:ss from an hour on. */
export function formatTime(ms) {
  const total = Math.max(0, Math.floor((Number(ms) || 0) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A page's path as the suite shows pages (its display URL), or the text as it came. */
export function displayUrl(href) {
  if (typeof href !== 'string' || !href) return '';
  try {
    const url = new URL(href);
    return url.pathname || '/';
  } catch {
    return href;
  }
}

const truncate = (text, length = 140) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** tag#id.class of a serialized element, enough to say what was clicked (its text is masked anyway). */
function describe(node) {
  const attributes = node.attributes || {};
  let text = String(node.tagName || 'element').toLowerCase();
  if (typeof attributes.id === 'string' && attributes.id) text += `#${attributes.id}`;
  else if (typeof attributes.class === 'string' && attributes.class.trim()) text += `.${attributes.class.trim().split(/\s+/)[0]}`;
  return text;
}

/** Remembers the elements of a serialized tree by their rrweb id (iteratively: pages nest deep). */
function index(root, nodes) {
  const stack = root ? [root] : [];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (node.type === NODE_ELEMENT && Number.isInteger(node.id)) nodes.set(node.id, describe(node));
    if (Array.isArray(node.childNodes)) for (const child of node.childNodes) stack.push(child);
  }
}

const failedStatus = status => {
  const code = Number(status);
  return status !== null && status !== undefined && status !== '' && Number.isFinite(code) && (code >= 500 || code === 0);
};

function apiLabel(request) {
  const method = request.method ? `${String(request.method).toUpperCase()} ` : '';
  const url = request.request_url || request.url || request.name || '';
  const status = request.status ?? request.responseStatus;
  return truncate(`${method}${url}${status !== undefined ? ` → ${status}` : ''}`.trim() || 'Failed API call');
}

/**
 * The moments worth jumping to: page views (rrweb's Meta events, one per page load), clicks and
 * rage clicks (MouseInteraction clicks; a rage click as the SDK counts one), and, where the
 * recording carries them, console errors and failed API calls: rrweb's console and network
 * plugins' events, or custom events tagged `console_error`, `api_log`/`api_error`, `rage_click`.
 * Each `{kind, timestamp, offset (ms from the first event), label}`, in time order; a page view's
 * moment is its full snapshot's, the first at which the page can be shown.
 */
export function timelineMarkers(events) {
  if (!Array.isArray(events) || !events.length) return [];
  const start = events[0].timestamp;
  const nodes = new Map();
  const markers = [];
  const derivedRage = [];
  let recordedRage = false;
  let recentClicks = [];
  let pendingPage = null;
  const add = (kind, timestamp, label) => {
    const marker = { kind, timestamp, offset: Math.max(0, timestamp - start), label };
    markers.push(marker);
    return marker;
  };

  for (const event of events) {
    const data = event.data || {};
    const at = event.timestamp;
    switch (event.type) {
      case EVENT.Meta:
        pendingPage = add('page_view', at, displayUrl(data.href) || 'Page view');
        break;
      case EVENT.FullSnapshot:
        // a page view is where its page can be seen: at the snapshot that follows the Meta event
        if (pendingPage) {
          pendingPage.timestamp = at;
          pendingPage.offset = Math.max(0, at - start);
          pendingPage = null;
        }
        index(data.node, nodes);
        break;
      case EVENT.IncrementalSnapshot:
        if (data.source === SOURCE_MUTATION) {
          for (const added of Array.isArray(data.adds) ? data.adds : []) index(added && added.node, nodes);
        } else if (data.source === SOURCE_MOUSE_INTERACTION && data.type === INTERACTION_CLICK) {
          const target = nodes.get(data.id);
          add('click', at, target ? `Click on ${target}` : 'Click');
          recentClicks = recentClicks.filter(click => at - click.at <= RAGE_WINDOW_MS && click.id === data.id);
          recentClicks.push({ id: data.id, at });
          if (recentClicks.length === RAGE_CLICKS) {
            derivedRage.push({ kind: 'rage_click', timestamp: at, offset: Math.max(0, at - start),
              label: target ? `Rage click on ${target}` : 'Rage click' });
          }
        }
        break;
      case EVENT.Custom: {
        const payload = data.payload || {};
        if (data.tag === 'console_error') add('console_error', at, truncate(String(payload.message || 'Console error')));
        else if ((data.tag === 'api_log' && failedStatus(payload.status)) || data.tag === 'api_error') add('api_error', at, apiLabel(payload));
        else if (data.tag === 'rage_click') {
          recordedRage = true;
          add('rage_click', at, payload.selector ? `Rage click on ${payload.selector}` : 'Rage click');
        }
        break;
      }
      case EVENT.Plugin: {
        const payload = data.payload || {};
        if (data.plugin === 'rrweb/console@1' && payload.level === 'error') {
          const text = Array.isArray(payload.payload) ? payload.payload.join(' ') : String(payload.payload || '');
          add('console_error', at, truncate(text || 'Console error'));
        } else if (data.plugin === 'rrweb/network@1') {
          for (const request of Array.isArray(payload.requests) ? payload.requests : []) {
            if (request && failedStatus(request.status ?? request.responseStatus)) add('api_error', at, apiLabel(request));
          }
        }
        break;
      }
      default:
        break;
    }
  }
  // rage clicks the recording names itself are the SDK's own; derived ones only stand in for them
  if (!recordedRage) markers.push(...derivedRage);
  return markers.sort((a, b) => a.timestamp - b.timestamp);
}
