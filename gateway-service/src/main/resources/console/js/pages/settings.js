// Every settings resource as a form: read with GET, replaced with PUT, the API's 422 messages beside their fields.
import { api, get } from '../api.js';
import { facts, h, mount, when } from '../dom.js';
import { buildForm, formMessage, merge } from '../forms.js';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const TRIGGERS = ['technical_assistance', 'api_failure', 're_engagement', 'billing_abandonment', 'slow_failing_actions',
  'upsell', 'onboarding', 'feature_discovery'];
const QUIET_HOURS = {
  name: 'quiet_hours', label: 'Quiet hours (leave empty for none)', type: 'group', nullable: true, fields: [
    { name: 'timezone', label: 'Time zone', placeholder: 'Africa/Lagos', nullable: true },
    { name: 'start', label: 'Start', placeholder: 'HH:MM', nullable: true },
    { name: 'end', label: 'End', placeholder: 'HH:MM', nullable: true },
  ],
};
const label = name => name.replace(/_/g, ' ').replace(/^./, c => c.toUpperCase());
// what a trigger watches beyond being on: the company metric for upsell, the collections for feature discovery
const TRIGGER_FIELDS = {
  upsell: [
    { name: 'metric', label: 'Company metric', nullable: true, hint: 'Needed when upsell is on' },
    { name: 'value', label: 'Fires at or over', type: 'number' },
  ],
  feature_discovery: [
    { name: 'collection_ids', label: 'Page collection ids', type: 'lines', hint: 'One per line; at least one when on' },
  ],
};

const FORMS = {
  widget: { title: 'Widget', fields: [
    { name: 'theme_color', label: 'Theme colour', hint: '#RRGGBB' },
    { name: 'position', label: 'Position', type: 'select', options: ['left', 'right'] },
    { name: 'welcome_image', label: 'Welcome image', type: 'select', options: ['collage', 'modern', 'classic'] },
    { name: 'support_name', label: 'Support name' },
    { name: 'button_label', label: 'Button label' },
    { name: 'online_status_message', label: 'Online status message', type: 'textarea', rows: 2 },
    { name: 'offline_status_message', label: 'Offline status message', type: 'textarea', rows: 2 },
    { name: 'sound_enabled', label: 'Sound', type: 'checkbox' },
    { name: 'white_label', label: 'White label (premium plan)', type: 'checkbox' },
  ] },
  'support-hours': { title: 'Support hours', fields: [
    { name: 'timezone', label: 'Time zone', hint: 'IANA id, e.g. Europe/Berlin' },
    { name: 'schedule', label: 'Weekly schedule', type: 'group', layout: 'rows', fields: DAYS.map(day => ({
      name: day, label: label(day), type: 'rows', item: 'slot', blank: { start: '09:00', end: '17:00' }, fields: [
        { name: 'start', label: 'Opens', placeholder: 'HH:MM' },
        { name: 'end', label: 'Closes', placeholder: 'HH:MM' },
      ] })) },
    { name: 'days_off', label: 'Days off', type: 'lines', hint: 'One YYYY-MM-DD date per line' },
  ] },
  reminders: { title: 'Reminders', fields: [
    { name: 'enabled', label: 'Reminders on', type: 'checkbox' },
    { name: 'intervals_minutes', label: 'Intervals (minutes)', type: 'numbers', hint: 'Ascending, comma-separated: 15, 60, 1440' },
    { name: 'channels', label: 'Channels', type: 'checks', options: ['email', 'sms', 'whatsapp', 'push'] },
  ] },
  'alert-triggers': { title: 'Alert triggers', fields: [
    ...TRIGGERS.map(trigger => ({ name: trigger, label: label(trigger), type: 'group', fields: [
      { name: 'enabled', label: 'Enabled', type: 'checkbox' },
      { name: 'confidence_threshold', label: 'Confidence threshold (0–100)', type: 'number' },
      { name: 'message', label: 'Message' },
      ...(TRIGGER_FIELDS[trigger] ?? []),
    ] })),
    QUIET_HOURS,
  ] },
  'activity-segments': { title: 'Activity segments', fields: [
    { name: 'active_days', label: 'Active within (days)', type: 'number' },
    { name: 'slightly_active_days', label: 'Slightly active within (days)', type: 'number' },
    { name: 'dormant_days', label: 'Dormant within (days)', type: 'number' },
  ] },
  ticketing: { title: 'Ticketing', fields: [
    { name: 'user_tickets_enabled', label: 'Customers may open tickets from the widget', type: 'checkbox' },
    { name: 'tags', label: 'Tags', type: 'lines', rows: 5, hint: 'One tag per line' },
    { name: 'auto_assign', label: 'Auto-assignment', type: 'rows', item: 'rule', blank: { tag: '', assignee_email: '' }, fields: [
      { name: 'tag', label: 'Tag' }, { name: 'assignee_email', label: 'Assignee email', type: 'email' },
    ] },
  ] },
  agents: { title: 'Agents', fields: [
    { name: 'agents', label: 'Agents', type: 'rows', item: 'agent', blank: { email: '', name: '', capacity: 10 }, fields: [
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'name', label: 'Name' },
      { name: 'capacity', label: 'Capacity (1–100)', type: 'number' },
    ] },
  ],
  // an empty capacity is left out, so the API's default (10) applies
  prepare: body => ({ ...body, agents: (body.agents ?? []).map(agent => (agent.capacity === null ? { email: agent.email, name: agent.name } : agent)) }) },
  replay: { title: 'Session replay', fields: [
    { name: 'enabled', label: 'Record sessions', type: 'checkbox' },
    { name: 'sample_rate', label: 'Sample rate (0–1)', type: 'number', hint: 'Share of sessions recorded: 1 records all, 0.25 one in four' },
    { name: 'mask_all_text', label: 'Mask all text', type: 'checkbox' },
    { name: 'mask_all_inputs', label: 'Mask all inputs', type: 'checkbox' },
    { name: 'block_selector', label: 'Block selector', hint: 'CSS selector of elements never recorded, e.g. [data-engagement-block]' },
    { name: 'min_duration_ms', label: 'Minimum duration (ms, 0–60000)', type: 'number', hint: 'Shorter sessions send no recording' },
  ] },
  whatsapp: { title: 'WhatsApp' },
};

export async function render(view, [resource = 'widget']) {
  const chosen = FORMS[resource] ? resource : 'widget';
  const path = `/external/v1/settings/${chosen}`;
  const content = h('section', { class: 'card', 'aria-labelledby': 'settings-title' });
  mount(view, h('h1', {}, 'Settings'),
    h('nav', { 'aria-label': 'Settings' }, h('ul', { class: 'subnav' }, Object.entries(FORMS).map(([name, form]) =>
      h('li', {}, h('a', { href: `#/settings/${name}`, 'aria-current': name === chosen ? 'page' : null }, form.title))))),
    content);
  let current = null;
  try {
    current = await get(path);
  } catch (failure) {
    if (failure.status !== 404) throw failure;
    // no WhatsApp number yet may read as 404; any other resource missing means this server lacks it
    if (chosen !== 'whatsapp') {
      mount(content, h('h2', { id: 'settings-title' }, FORMS[chosen].title),
        h('p', { class: 'notice', role: 'status' }, `${FORMS[chosen].title} settings are not available on this server.`));
      return;
    }
  }
  if (chosen === 'whatsapp') return whatsapp(content, path, current);
  const fields = chosen === 'widget' ? await withPlan(FORMS.widget.fields) : FORMS[chosen].fields;
  const form = buildForm(fields, current, {
    onSubmit: async (values, form) => {
      const prepare = FORMS[chosen].prepare ?? (body => body);
      current = await api('PUT', path, prepare(merge(current, values)));
      formMessage(form, 'Saved.', 'ok');
    },
  });
  form.id = `settings-${chosen}`;
  mount(content, h('h2', { id: 'settings-title' }, FORMS[chosen].title), form);
}

/** White label as the plan allows it: on another plan the box is disabled, and says which plan this is. */
async function withPlan(fields) {
  const { plan, white_label_available: available } = await get('/external/v1/settings/widget/plan');
  return fields.map(field => field.name !== 'white_label' || available ? field
    : { ...field, disabled: true, hint: `Needs the premium plan; this organization is on the ${plan} plan.` });
}

function whatsapp(content, path, connection) {
  const status = h('div', { id: 'whatsapp-status' }, connection?.status === 'connected'
    ? facts([['Number', connection.phone_number], ['Status', connection.status], ['Connected', when(connection.connected_at)]])
    : h('p', {}, 'No WhatsApp number is connected.'));
  const disconnect = h('button', { type: 'button', class: 'danger', hidden: connection?.status !== 'connected', onclick: async () => {
    try {
      await api('DELETE', path);
      render(content.parentElement, ['whatsapp']);
    } catch (failure) {
      formMessage(form, failure.message);
    }
  } }, 'Disconnect');
  const form = buildForm([{ name: 'phone_number', label: 'Phone number (E.164)', type: 'tel', placeholder: '+2348012345678' }],
    { phone_number: connection?.phone_number ?? '' }, {
      submitLabel: 'Connect',
      extra: [disconnect],
      onSubmit: async body => {
        await api('PUT', path, body);
        render(content.parentElement, ['whatsapp']);
      },
    });
  form.id = 'settings-whatsapp';
  mount(content, h('h2', { id: 'settings-title' }, 'WhatsApp'), status, form);
}
