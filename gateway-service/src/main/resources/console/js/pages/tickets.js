// Tickets: a board with a column per status; a ticket moves by choosing its new status.
import { api, get, query } from '../api.js';
import { h, mount, when } from '../dom.js';
import { buildForm, compact } from '../forms.js';

const STATUSES = ['open', 'pending', 'resolved', 'closed'];

export async function render(view) {
  const board = h('div', { class: 'board' });
  const message = h('p', { class: 'form-error', role: 'alert' });

  async function move(ticket, status) {
    message.textContent = '';
    try {
      await api('PATCH', `/external/v1/tickets/${encodeURIComponent(ticket.ticket_id)}`, { status });
      await load();
    } catch (failure) {
      message.textContent = failure.message;
    }
  }

  async function load() {
    const columns = await Promise.all(STATUSES.map(status => get(query('/external/v1/tickets', { status, page_size: 50 }))));
    mount(board, STATUSES.map((status, index) => h('section', { 'aria-labelledby': `col-${status}` },
      h('h2', { id: `col-${status}` }, `${status[0].toUpperCase()}${status.slice(1)} (${columns[index].total ?? columns[index].data.length})`),
      h('ul', {}, (columns[index].data ?? []).map(ticket => {
        const selectId = `move-${ticket.ticket_id}`;
        return h('li', {},
          h('strong', {}, ticket.subject),
          h('div', {}, (ticket.tags ?? []).join(', ') || 'No tags'),
          h('small', {}, `${ticket.assignee_email ?? 'Unassigned'} · ${when(ticket.time_created)}`),
          h('div', { class: 'field' }, h('label', { for: selectId }, 'Status'),
            h('select', { id: selectId, onchange: event => move(ticket, event.target.value) },
              STATUSES.map(s => h('option', { value: s, selected: s === status }, s)))));
      })))));
  }

  let available = true;
  try {
    await load();
  } catch (failure) {
    if (failure.status !== 404) throw failure;
    available = false;
  }
  if (!available) {
    mount(view, h('h1', {}, 'Tickets'), h('p', { class: 'notice', role: 'status' }, 'Tickets are not available on this server.'));
    return;
  }
  const create = buildForm([
    { name: 'subject', label: 'Subject', required: true },
    { name: 'description', label: 'Description', type: 'textarea', required: true },
    { name: 'email', label: 'Customer email', type: 'email', nullable: true },
    { name: 'tags', label: 'Tags', type: 'list', hint: 'Comma-separated, from the ticketing tags' },
  ], {}, {
    submitLabel: 'Create ticket',
    onSubmit: async (body, form) => {
      await api('POST', '/external/v1/tickets', compact(body));
      form.reset();
      await load();
    },
  });
  mount(view, h('h1', {}, 'Tickets'), message, board,
    h('section', { class: 'card', 'aria-labelledby': 'new-ticket' }, h('h2', { id: 'new-ticket' }, 'New ticket'), create));
}
