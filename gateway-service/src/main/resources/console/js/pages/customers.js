// Customers: search and filters, a create form, and one customer's detail with last session and segment.
import { api, get, query } from '../api.js';
import { badge, facts, h, mount, table, when } from '../dom.js';
import { buildForm, compact, formMessage } from '../forms.js';

const CREATE = [
  { name: 'name', label: 'Name', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'source', label: 'Source', required: true, placeholder: 'web, api, whatsapp' },
  { name: 'city', label: 'City', nullable: true },
  { name: 'country', label: 'Country', nullable: true },
];

export async function render(view, [customerId]) {
  if (customerId) return detail(view, customerId);
  const filters = { search: '', source: '', is_active: '', page: 1 };
  const results = h('div', { id: 'customer-results' });
  const search = h('input', { id: 'customer-search', type: 'search', name: 'search' });
  const source = h('input', { id: 'customer-source', type: 'text', name: 'source' });
  const active = h('select', { id: 'customer-active', name: 'is_active' },
    h('option', { value: '' }, 'Any'), h('option', { value: 'true' }, 'Active'), h('option', { value: 'false' }, 'Not active'));
  const filterForm = h('form', { class: 'toolbar', role: 'search', onsubmit: event => {
    event.preventDefault();
    Object.assign(filters, { search: search.value, source: source.value, is_active: active.value, page: 1 });
    load();
  } },
  h('div', { class: 'field' }, h('label', { for: 'customer-search' }, 'Search name, email or phone'), search),
  h('div', { class: 'field' }, h('label', { for: 'customer-source' }, 'Source'), source),
  h('div', { class: 'field' }, h('label', { for: 'customer-active' }, 'Active'), active),
  h('button', { type: 'submit' }, 'Search'));

  const create = buildForm(CREATE, { source: 'web' }, {
    submitLabel: 'Create customer',
    onSubmit: async (body, form) => {
      const created = await api('POST', '/external/v1/customers', compact(body));
      form.reset();
      formMessage(form, `Created ${created.name} (${created.customer_id}).`, 'ok');
      filters.page = 1;
      await load();
    },
  });
  create.id = 'customer-create';

  async function load() {
    const page = await get(query('/external/v1/customers', { ...filters, page_size: 20 }));
    mount(results,
      table(`Customers: ${page.total} in all`, [
        ['Name', c => h('a', { href: `#/customers/${encodeURIComponent(c.customer_id)}` }, c.name)],
        ['Email', c => c.email],
        ['Company', c => c.company_name],
        ['Source', c => c.source],
        ['Segment', c => badge(c.activity_segment)],
        ['Created', c => when(c.time_created)],
      ], page.data, 'No customers match.'),
      pager(page, next => { filters.page = next; load(); }));
  }

  mount(view, h('h1', {}, 'Customers'), filterForm, results,
    h('section', { class: 'card', 'aria-labelledby': 'new-customer' }, h('h2', { id: 'new-customer' }, 'New customer'), create));
  await load();
}

export function pager(page, go) {
  if (page.total_pages <= 1) return null;
  return h('nav', { class: 'row', 'aria-label': 'Pages' },
    h('button', { type: 'button', class: 'secondary', disabled: !page.has_previous, onclick: () => go(page.page - 1) }, 'Previous'),
    h('span', {}, `Page ${page.page} of ${page.total_pages}`),
    h('button', { type: 'button', class: 'secondary', disabled: !page.has_next, onclick: () => go(page.page + 1) }, 'Next'));
}

async function detail(view, customerId) {
  const c = await get(`/external/v1/customers/${encodeURIComponent(customerId)}`);
  const sessions = await get(query('/external/v1/sessions', { customer_id: customerId, page_size: 10 })).catch(() => null);
  mount(view,
    h('p', {}, h('a', { href: '#/customers' }, '← Customers')),
    h('h1', {}, c.name),
    h('div', { class: 'grid' },
      h('section', { class: 'card', 'aria-labelledby': 'c-profile' }, h('h2', { id: 'c-profile' }, 'Profile'),
        facts([['Customer id', c.customer_id], ['Email', c.email], ['Source', c.source], ['Company', c.company_name ?? c.company_id],
          ['City', c.city], ['Country', c.country], ['Active flag', String(c.is_active ?? '—')], ['Created', when(c.time_created)]])),
      h('section', { class: 'card', 'aria-labelledby': 'c-activity' }, h('h2', { id: 'c-activity' }, 'Activity'),
        facts([['Segment', badge(c.activity_segment)],
          ['Last session', c.last_session_id ? h('a', { href: `#/sessions/${encodeURIComponent(c.last_session_id)}` }, c.last_session_id) : 'Never seen'],
          ['Last page', c.last_session_node], ['Last seen', when(c.last_session_node_at)], ['Channel', c.last_session_channel]]))),
    sessions ? h('section', { 'aria-labelledby': 'c-sessions' }, h('h2', { id: 'c-sessions' }, 'Recent sessions'),
      table('Sessions', [
        ['Session', s => h('a', { href: `#/sessions/${encodeURIComponent(s.session_id)}` }, s.session_id)],
        ['Last seen', s => when(s.last_seen_at)], ['Pages', s => s.page_view_count], ['Errors', s => s.total_error_count],
      ], sessions.data ?? [], 'No sessions yet.')) : null);
}
