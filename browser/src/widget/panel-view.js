import { el, show } from './dom.js';
import { trapFocus } from './focus.js';
import { renderThread } from './message-view.js';
import { emailForm, ticketForm } from './offline-forms.js';
import { ratingForm } from './rating.js';
import { PANEL_CSS } from './panel-styles.js';

const isImageUrl = (value) => /^https:\/\//i.test(value || '');

function welcomeImage(choice) {
  // the settings name an illustration (collage, modern, classic); an address is shown as is
  return isImageUrl(choice)
    ? el('img', { class: 'welcome', src: choice, alt: '' })
    : el('div', { class: 'welcome', 'data-welcome': choice || 'modern', 'aria-hidden': 'true' });
}

/**
 * The dialog, drawn once into the launcher's shadow root; render(chat) brings it up to date
 * with the chat's state. `actions` are the chat's, plus close.
 */
export function createPanelView(context, actions) {
  const { config } = context;
  const supportName = config.support_name || 'Support';
  const elements = new Map();

  const status = el('p', { class: 'status' });
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close chat', text: '\u00d7', onclick: actions.close });
  const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Messages', 'data-engagement': 'messages' });
  const quote = el('div', { class: 'msg prompt-quote', 'data-engagement': 'prompt-quote', 'data-sender': 'bot', hidden: true });
  const typing = el('p', { class: 'typing', 'data-engagement': 'typing', hidden: true, text: `${supportName} is typing…` });
  const notice = el('p', { class: 'notice', role: 'status', hidden: true });
  const handoff = el('button', { type: 'button', class: 'handoff', 'data-engagement': 'handoff', hidden: true, text: 'Talk to a person' });
  const ticket = ticketForm(actions.openTicket);
  // the ticket form folds away: the thread above it stays in view, and a live reply is never under it
  const ticketToggle = el('details', { class: 'card fold', 'data-engagement': 'ticket-toggle' },
    el('summary', { text: "We're offline. Open a ticket and we'll answer by e-mail." }), ticket);
  const rating = ratingForm(actions.rate);
  const ratingDone = el('p', { class: 'card', 'data-engagement': 'rating-confirmation', role: 'status', hidden: true });
  const ticketDone = el('p', { class: 'card', 'data-engagement': 'ticket-confirmation', role: 'status', hidden: true });
  const email = emailForm(actions.saveEmail);
  const emailDone = el('p', { class: 'card', 'data-engagement': 'email-confirmation', role: 'status', hidden: true });
  const input = el('textarea', { 'data-engagement': 'input', rows: 1, maxlength: 5000, placeholder: 'Write a message…', 'aria-label': 'Message' });
  const send = el('button', { type: 'submit', 'data-engagement': 'send', text: 'Send' });
  const composer = el('form', { class: 'composer' }, input, send);
  const body = el('div', { class: 'body' }, log, quote, typing, notice, handoff, rating, ratingDone, ticketToggle, ticketDone, email, emailDone);
  const panel = el(
    'div',
    { class: 'panel', id: 'engagement-panel', 'data-engagement': 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-label': `Chat with ${supportName}`, hidden: true },
    el('div', { class: 'header' }, welcomeImage(config.welcome_image), el('div', { class: 'titles' }, el('h2', { class: 'title', text: supportName }), status), close),
    body,
    composer,
    config.white_label ? null : el('p', { class: 'brand', text: 'Powered by Engagement Suite' }),
  );
  let emailSaved = false;
  let shownPrompt = null;

  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    if (actions.send(input.value)) {
      input.value = '';
      fitInput();
    }
    input.focus();
  });
  input.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter is a new line; never in the middle of an IME composition
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      composer.requestSubmit ? composer.requestSubmit() : composer.dispatchEvent(new Event('submit', { cancelable: true }));
    }
  });
  input.addEventListener('input', () => {
    fitInput();
    if (input.value.trim()) actions.typing();
  });
  handoff.addEventListener('click', () => {
    handoff.disabled = true;
    actions.handoff().catch(() => {}).finally(() => (handoff.disabled = false));
  });
  panel.addEventListener('keydown', trapFocus(panel, { activeElement: () => context.root.activeElement, onEscape: actions.close }));

  const style = el('style', { text: PANEL_CSS });
  context.root.appendChild(style);
  context.container.appendChild(panel);

  function fitInput() {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 120)}px`;
  }

  function render(chat) {
    const state = chat.state;
    status.textContent = chat.statusMessage();
    const added = renderThread(log, elements, state.thread, supportName);
    quote.textContent = state.prompt ? state.prompt.message : '';
    show(quote, Boolean(state.prompt));
    typing.textContent = `${state.agentTypingName || supportName} is typing…`;
    show(typing, state.agentTyping);
    notice.textContent = state.queued ? 'Offline: your messages will be sent when the connection returns.' : 'Reconnecting…';
    show(notice, state.delayed);
    show(handoff, chat.canHandOff());
    renderOffline(chat);
    renderRating(chat);
    // follow the conversation down, but leave a visitor reading back in peace otherwise
    if (added || state.prompt !== shownPrompt) body.scrollTop = body.scrollHeight;
    shownPrompt = state.prompt;
  }

  /** Once resolved: the visitor is told, and asked for a rating until they gave one. */
  function renderRating(chat) {
    const rated = chat.rating();
    show(rating, chat.isResolved() && !rated);
    if (rated) ratingDone.textContent = `Thanks for rating us ${rated} out of 5.`;
    show(ratingDone, chat.isResolved() && Boolean(rated));
  }

  /** Offline, a way to be answered later; once someone on the team answers live, it steps aside. */
  function renderOffline(chat) {
    const state = chat.state;
    const offline = !state.online && !chat.answeredLive();
    const tickets = Boolean(config.user_tickets_enabled);
    show(ticketToggle, offline && tickets && !state.ticket);
    if (state.ticket) ticketDone.textContent = "Thanks! Your ticket is open and we'll answer by e-mail.";
    show(ticketDone, Boolean(state.ticket));
    if (chat.hasEmail() && !email.hidden) emailSaved = true;
    show(email, offline && !tickets && !chat.hasEmail());
    if (emailSaved && state.visitor) emailDone.textContent = `Thanks! We'll reply to ${state.visitor.email || 'your e-mail'}.`;
    show(emailDone, emailSaved);
  }

  function setOpen(open) {
    show(panel, open);
    if (open) {
      body.scrollTop = body.scrollHeight;
      input.focus();
    }
  }

  return { panel, input, render, setOpen, prefillEmail: (address) => address && (ticket.elements.email.value = address) };
}
