// Companies: search, status and industry filters, and a create form.
import { api, get, query } from '../api.js';
import { badge, h, mount, table, when } from '../dom.js';
import { buildForm, compact, formMessage } from '../forms.js';
import { pager } from './customers.js';

const STATUSES = ['active', 'prospect', 'on_hold', 'churned', 'lead', 'inactive'];
const PATH = '/external/v1/customers/companies';

export async function render(view) {
  const filters = { search: '', status: '', industry: '', page: 1 };
  const results = h('div');
  const search = h('input', { id: 'company-search', type: 'search' });
  const status = h('select', { id: 'company-status' }, h('option', { value: '' }, 'Any'), STATUSES.map(s => h('option', { value: s }, s.replace('_', ' '))));
  const industry = h('input', { id: 'company-industry', type: 'text' });
  const filterForm = h('form', { class: 'toolbar', role: 'search', onsubmit: event => {
    event.preventDefault();
    Object.assign(filters, { search: search.value, status: status.value, industry: industry.value, page: 1 });
    load();
  } },
  h('div', { class: 'field' }, h('label', { for: 'company-search' }, 'Search name, email or website'), search),
  h('div', { class: 'field' }, h('label', { for: 'company-status' }, 'Status'), status),
  h('div', { class: 'field' }, h('label', { for: 'company-industry' }, 'Industry'), industry),
  h('button', { type: 'submit' }, 'Search'));

  const create = buildForm([
    { name: 'company_name', label: 'Name', required: true },
    { name: 'company_email', label: 'Email', type: 'email', required: true },
    { name: 'company_status', label: 'Status', type: 'select', options: STATUSES },
    { name: 'industry', label: 'Industry', nullable: true },
    { name: 'website', label: 'Website', nullable: true },
  ], { company_status: 'lead' }, {
    submitLabel: 'Create company',
    onSubmit: async (body, form) => {
      const created = await api('POST', PATH, compact(body));
      form.reset();
      formMessage(form, `Created ${created.company_name}.`, 'ok');
      await load();
    },
  });

  async function load() {
    const page = await get(query(PATH, { ...filters, page_size: 20 }));
    mount(results, table(`Companies: ${page.total} in all`, [
      ['Name', c => c.company_name], ['Email', c => c.company_email], ['Status', c => badge(c.company_status)],
      ['Industry', c => c.industry], ['Website', c => c.website], ['Created', c => when(c.time_created)],
    ], page.data, 'No companies match.'), pager(page, next => { filters.page = next; load(); }));
  }

  mount(view, h('h1', {}, 'Companies'), filterForm, results,
    h('section', { class: 'card', 'aria-labelledby': 'new-company' }, h('h2', { id: 'new-company' }, 'New company'), create));
  await load();
}
