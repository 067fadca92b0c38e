// Messages: transactional email and SMS with their delivery status.
import { get, query } from '../api.js';
import { badge, h, mount, table, when } from '../dom.js';

const STATUSES = ['queued', 'sending', 'sent', 'failed'];
const KINDS = {
  email: { title: 'Email', path: '/external/v1/transactional-email/messages',
    columns: [['To', m => m.to_email], ['Subject', m => m.subject]] },
  sms: { title: 'SMS', path: '/external/v1/sms/messages',
    columns: [['To', m => Array.isArray(m.to) ? m.to.join(', ') : m.to], ['Sender', m => m.sender_id], ['Message', m => m.message]] },
};

export async function render(view, [kind = 'email']) {
  const chosen = KINDS[kind] ? kind : 'email';
  const status = h('select', { id: 'message-status' }, h('option', { value: '' }, 'Any'), STATUSES.map(s => h('option', { value: s }, s)));
  const results = h('div');
  async function load(page = 1) {
    try {
      const list = await get(query(KINDS[chosen].path, { status: status.value, page, page_size: 20 }));
      mount(results, table(`${KINDS[chosen].title} messages: ${list.total ?? list.data?.length ?? 0}`, [
        ['Queued', m => when(m.time_created ?? m.created_at ?? m.queued_at)], ...KINDS[chosen].columns,
        ['Status', m => badge(m.status)], ['Attempts', m => Array.isArray(m.attempts) ? m.attempts.length : m.attempts],
      ], list.data ?? [], 'No messages.'));
    } catch (failure) {
      mount(results, h('p', { class: 'notice error', role: 'alert' }, failure.status === 404
        ? `Message lists are not available on this server.` : failure.message));
    }
  }
  mount(view, h('h1', {}, 'Messages'),
    h('ul', { class: 'subnav' }, Object.entries(KINDS).map(([name, k]) =>
      h('li', {}, h('a', { href: `#/messages/${name}`, 'aria-current': name === chosen ? 'page' : null }, k.title)))),
    h('form', { class: 'toolbar', onsubmit: event => { event.preventDefault(); load(); } },
      h('div', { class: 'field' }, h('label', { for: 'message-status' }, 'Delivery status'), status), h('button', { type: 'submit' }, 'Filter')),
    results);
  await load();
}
