// Sessions: the newest first, one session's intelligence, and its replay chunks.
import { get, query } from '../api.js';
import { facts, h, mount, table, when } from '../dom.js';
import { pager } from './customers.js';

export async function render(view, [sessionId]) {
  if (sessionId) return detail(view, sessionId);
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

async function detail(view, sessionId) {
  const path = `/external/v1/sessions/${encodeURIComponent(sessionId)}`;
  const [s, replay] = await Promise.all([get(path), get(`${path}/replay`).catch(() => ({ chunks: [] }))]);
  mount(view, h('p', {}, h('a', { href: '#/sessions' }, '← Sessions')), h('h1', {}, `Session ${s.session_id}`),
    h('section', { class: 'card' }, facts([
      ['Customer', s.customer_id], ['Anonymous id', s.anonymous_id], ['Started', when(s.started_at)], ['Last seen', when(s.last_seen_at)],
      ['Channel', s.channel], ['Last page', s.last_url], ['Page views', s.page_view_count], ['Errors', s.total_error_count],
      ['API calls', s.api_call_count], ['API error rate', s.api_error_rate], ['Avg. response (ms)', s.avg_response_time_ms],
      ['Engagement score', s.engagement_score], ['Churn risk', s.churn_risk_score],
    ])),
    h('h2', {}, `Replay chunks (${replay.chunks?.length ?? 0})`),
    (replay.chunks ?? []).length ? h('ol', {}, replay.chunks.map(chunk => h('li', {}, h('pre', {}, JSON.stringify(chunk, null, 2)))))
      : h('p', { class: 'notice' }, 'No replay recorded for this session.'));
}
