// Alerts: the list with acknowledgement, and the rules with their channels.
import { api, get, query } from '../api.js';
import { badge, h, mount, table, when } from '../dom.js';
import { pager } from './customers.js';

export async function render(view) {
  const filters = { status: '', type: '', page: 1 };
  const results = h('div', { id: 'alert-list' });
  const status = h('select', { id: 'alert-status' }, [['', 'Any'], ['open', 'Open'], ['acknowledged', 'Acknowledged']].map(([v, t]) => h('option', { value: v }, t)));
  const message = h('p', { class: 'form-error', role: 'alert' });

  async function acknowledge(alert) {
    message.textContent = '';
    try {
      await api('POST', `/external/v1/alerts/${encodeURIComponent(alert.alert_id)}/acknowledge`);
      await load();
      results.querySelector(`[data-alert="${CSS.escape(alert.alert_id)}"]`)?.focus();
    } catch (failure) {
      message.textContent = failure.message;
    }
  }

  async function load() {
    const page = await get(query('/external/v1/alerts', { ...filters, page_size: 20 }));
    mount(results, table(`Alerts: ${page.total} in all`, [
      ['Raised', a => when(a.raised_at)], ['Type', a => a.type], ['Message', a => a.message], ['Subject', a => a.subject],
      ['Confidence', a => a.confidence],
      ['Deliveries', a => (a.deliveries ?? []).map(d => h('div', {}, `${d.channel}: `, badge(d.status)))],
      ['Status', a => a.status === 'open'
        ? h('button', { type: 'button', 'data-alert': a.alert_id, onclick: () => acknowledge(a), 'aria-label': `Acknowledge alert: ${a.message}` }, 'Acknowledge')
        : h('span', { 'data-alert': a.alert_id, tabindex: '-1' }, badge(a.status))],
    ], page.data ?? [], 'No alerts.'), pager(page, next => { filters.page = next; load(); }));
  }

  const rules = await get('/external/v1/alerts/rules');
  const ruleList = Array.isArray(rules) ? rules : rules?.data ?? rules?.rules ?? [];
  mount(view, h('h1', {}, 'Alerts'),
    h('form', { class: 'toolbar', onsubmit: event => { event.preventDefault(); filters.status = status.value; filters.page = 1; load(); } },
      h('div', { class: 'field' }, h('label', { for: 'alert-status' }, 'Status'), status), h('button', { type: 'submit' }, 'Filter')),
    message, results,
    h('h2', {}, 'Rules'),
    table('Alert rules', [
      ['Name', r => r.name], ['Type', r => r.type], ['Threshold', r => r.threshold], ['Frequency', r => r.frequency],
      ['Channels', r => h('ul', {}, (r.channels ?? []).map(c => h('li', {}, c.target ? `${c.type}: ${c.target}` : c.type)))],
      ['Quiet hours', r => r.quiet_hours ? `${r.quiet_hours.start}–${r.quiet_hours.end} ${r.quiet_hours.timezone}` : '—'],
      ['Enabled', r => r.enabled === false ? 'no' : 'yes'],
    ], ruleList, 'No rules yet.'));
  await load();
}
