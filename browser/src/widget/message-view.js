import { el } from './dom.js';

const SENDER_LABELS = { bot: 'Bot', agent: 'Agent' };

/** One element per message, reused from pending to stored (same client_id): nothing is announced twice. */
export const keyOf = (message) => (message.client_id ? `c:${message.client_id}` : `s:${message.seq}`);

const isLink = (text) => /^https?:\/\//i.test(text || '');

function sourcesOf(message) {
  if (!message.sources || !message.sources.length) return null;
  return el(
    'ul',
    { class: 'sources', 'aria-label': 'Sources' },
    message.sources.map((source) => {
      const name = source.name || source.url || 'Source';
      const link = source.url || (isLink(name) ? name : null);
      return el('li', { title: source.excerpt }, link ? el('a', { href: link, target: '_blank', rel: 'noopener noreferrer', text: name }) : name);
    }),
  );
}

function whoOf(message, supportName) {
  const type = message.sender.type;
  if (type === 'agent') return message.sender.name || supportName || SENDER_LABELS.agent;
  return SENDER_LABELS[type] || null;
}

export function createMessageElement(message, supportName) {
  const who = whoOf(message, supportName);
  return el(
    'div',
    { class: 'msg', 'data-engagement': 'message', 'data-sender': message.sender.type },
    who && el('p', { class: 'who', text: who }),
    el('p', { class: 'text' }),
    sourcesOf(message),
    el('p', { class: 'meta', hidden: true }),
  );
}

export function updateMessageElement(element, message) {
  if (message.seq != null) element.setAttribute('data-seq', String(message.seq));
  element.classList.toggle('pending', Boolean(message.pending));
  element.classList.toggle('failed', Boolean(message.failed));
  const text = element.querySelector('.text');
  if (text.textContent !== message.content) text.textContent = message.content;
  const meta = element.querySelector('.meta');
  meta.textContent = message.failed ? 'Not sent' : message.pending ? 'Sending…' : '';
  meta.hidden = !meta.textContent;
}

/**
 * Keeps `log` showing `thread` in order, touching only what changed, so the live region
 * announces new messages and nothing else. Answers whether a message was added.
 */
export function renderThread(log, elements, thread, supportName) {
  const keys = new Set(thread.map(keyOf));
  elements.forEach((element, key) => {
    if (!keys.has(key)) {
      element.remove();
      elements.delete(key);
    }
  });
  let added = false;
  thread.forEach((message, index) => {
    const key = keyOf(message);
    let element = elements.get(key);
    if (!element) {
      element = createMessageElement(message, supportName);
      elements.set(key, element);
      added = true;
    }
    updateMessageElement(element, message);
    if (log.children[index] !== element) log.insertBefore(element, log.children[index] || null);
  });
  return added;
}
