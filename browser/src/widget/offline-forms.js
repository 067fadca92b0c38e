import { el } from './dom.js';

// Outside support hours the visitor can still write, and the panel offers a way to be answered
// later: a ticket (when the organization takes them from the widget), else an e-mail address.

function field(label, attributes) {
  return el('label', {}, label, el(attributes.rows ? 'textarea' : 'input', attributes));
}

/** A form whose submit runs `action(values)`, busy meanwhile, with the server's refusal shown. */
function form(attributes, intro, fields, submitLabel, action) {
  const error = el('p', { class: 'error', role: 'alert', hidden: true });
  const submit = el('button', { type: 'submit', text: submitLabel });
  const element = el('form', { class: 'card', ...attributes }, el('p', { text: intro }), fields, submit, error);
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries(Array.from(element.elements, (input) => [input.name, input.value && input.value.trim()]).filter(([name]) => name));
    submit.disabled = true;
    error.hidden = true;
    action(values)
      .catch((failure) => {
        error.textContent = (failure && failure.detail) || 'Something went wrong. Please check the form and try again.';
        error.hidden = false;
      })
      .finally(() => {
        submit.disabled = false;
      });
  });
  return element;
}

export function ticketForm(onTicket) {
  return form(
    { 'data-engagement': 'ticket-form', 'aria-label': 'Open a ticket' },
    "We're offline. Open a ticket and we'll answer by e-mail.",
    [
      field('Subject', { name: 'subject', required: true, maxlength: 200 }),
      field('Description', { name: 'description', required: true, maxlength: 10000, rows: 3 }),
      field('E-mail', { name: 'email', type: 'email', required: true, autocomplete: 'email' }),
    ],
    'Open ticket',
    onTicket,
  );
}

export function emailForm(onEmail) {
  return form(
    { 'data-engagement': 'email-form', 'aria-label': 'Leave your e-mail' },
    "We're away. Leave your e-mail and we'll reply there.",
    [field('E-mail', { name: 'email', type: 'email', required: true, autocomplete: 'email' })],
    'Save',
    onEmail,
  );
}
