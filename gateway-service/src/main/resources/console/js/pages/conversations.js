// The agents' inbox: conversations by status and assignee, one thread with its actions, and what
// the visitor's session tells. Live over the agent WebSocket (a single-use ticket first); a dropped
// connection comes back with back-off and `resume`s the open thread from the last seq it shows.
import { api, get, query, session } from '../api.js';
import { announce, badge, facts, h, mount, onLeave, when } from '../dom.js';
import { LiveConnection } from '../live.js';

const STATUSES = ['open', 'pending', 'snoozed', 'resolved'];
const ASSIGNEES = [['mine', 'Mine'], ['unassigned', 'Unassigned'], ['all', 'All']];
const PAGE_SIZE = 50;
const MESSAGES_PER_READ = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TYPING_SHOWN_MS = 8_000;

const label = text => text.charAt(0).toUpperCase() + text.slice(1);
const sameEmail = (a, b) => Boolean(a && b) && a.toLowerCase() === b.toLowerCase();
const sessionLink = (sessionId, at) => `#/sessions/${encodeURIComponent(sessionId)}${at ? `?at=${encodeURIComponent(at)}` : ''}`;
const newClientId = () => (crypto.randomUUID ? crypto.randomUUID() : `c-${Date.now()}-${Math.random().toString(16).slice(2)}`);

export function visitorName(conversation) {
  const visitor = conversation.visitor ?? {};
  return visitor.name || visitor.email || visitor.whatsapp_number || 'Visitor';
}

export async function render(view, [conversationId], params = new URLSearchParams()) {
  const agent = session.agent();
  if (!agent) return askAgent(view, conversationId);
  const inbox = new Inbox(view, agent, params);
  onLeave(() => inbox.close());
  await inbox.start(conversationId);
}

/** The inbox answers as one agent: their e-mail is asked once per page load and kept in memory. */
function askAgent(view, conversationId) {
  const input = h('input', { id: 'agent-email', type: 'email', autocomplete: 'email', required: true, 'aria-describedby': 'agent-email-error' });
  const error = h('p', { class: 'field-error', id: 'agent-email-error', 'aria-live': 'polite' });
  const form = h('form', { id: 'agent-form', novalidate: true, onsubmit: event => {
    event.preventDefault();
    const email = input.value.trim();
    if (!EMAIL.test(email)) {
      error.textContent = 'Enter your e-mail address.';
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    session.setAgent(email);
    render(view, conversationId ? [conversationId] : []).catch(failure => mount(view, h('h1', {}, 'Conversations'),
      h('p', { class: 'notice error', role: 'alert' }, failure.message)));
  } },
  h('div', { class: 'field' }, h('label', { for: 'agent-email' }, 'Your e-mail'), input, error),
  h('button', { type: 'submit' }, 'Open the inbox'));
  mount(view, h('h1', {}, 'Conversations'),
    h('section', { class: 'card narrow', 'aria-labelledby': 'agent-title' },
      h('h2', { id: 'agent-title' }, 'Who is answering?'),
      h('p', {}, 'Replies and notes are signed with this address, and “Mine” lists the conversations assigned to it. It is kept only until this page is reloaded.'),
      form));
  input.focus();
}

class Inbox {
  constructor(view, agent, params) {
    this.view = view;
    this.agent = agent;
    this.filters = {
      status: STATUSES.includes(params.get('status')) ? params.get('status') : 'open',
      assignee: ASSIGNEES.some(([value]) => value === params.get('assignee')) ? params.get('assignee') : 'all',
      page: 1,
    };
    this.conversations = [];
    this.page = null;
    this.openId = null;
    this.current = null;
    this.messages = new Map();
    this.agents = [];
    this.tags = [];
    this.closed = false;
    this.typingTimer = null;
    this.readTimer = null;
    this.sentTyping = 0;
    this.stopTypingTimer = null;
    this.unsent = null;
    this.onVisible = () => { if (document.visibilityState === 'visible') this.markRead(); };
    this.live = new LiveConnection(agent, {
      status: text => { this.liveStatus.textContent = text; },
      open: reconnected => this.connected(reconnected),
      frame: frame => this.frame(frame),
    });
  }

  async start(conversationId) {
    this.layout();
    const [agents, ticketing] = await Promise.all([
      get('/external/v1/settings/agents').catch(() => ({ agents: [] })),
      get('/external/v1/settings/ticketing').catch(() => ({ tags: [] })),
    ]);
    this.agents = Array.isArray(agents?.agents) ? agents.agents : [];
    this.tags = Array.isArray(ticketing?.tags) ? ticketing.tags : [];
    try {
      await this.load();
    } catch (failure) {
      if (failure.status !== 404) throw failure;
      this.close();
      mount(this.view, h('h1', {}, 'Conversations'), h('p', { class: 'notice', role: 'status' }, 'Conversations are not available on this server.'));
      return;
    }
    if (this.closed) return;
    document.addEventListener('visibilitychange', this.onVisible);
    this.live.start();
    if (conversationId) await this.select(conversationId, { focus: false });
  }

  close() {
    this.closed = true;
    this.live.close();
    clearTimeout(this.typingTimer);
    clearTimeout(this.readTimer);
    clearTimeout(this.stopTypingTimer);
    document.removeEventListener('visibilitychange', this.onVisible);
  }

  // ---- layout ---------------------------------------------------------------------------------

  layout() {
    this.liveStatus = h('span', { class: 'live-status', 'data-console': 'live-status', role: 'status' }, 'Connecting…');
    this.statusTabs = h('div', { class: 'segmented', role: 'group', 'aria-label': 'Status' }, STATUSES.map(status =>
      h('button', { type: 'button', class: 'secondary', 'data-console': 'status-tab', 'data-status': status,
        onclick: () => this.filter({ status }) }, label(status))));
    this.assigneeTabs = h('div', { class: 'segmented', role: 'group', 'aria-label': 'Assignee' }, ASSIGNEES.map(([value, text]) =>
      h('button', { type: 'button', class: 'secondary', 'data-console': 'assignee-filter', 'data-assignee': value,
        onclick: () => this.filter({ assignee: value }) }, text)));
    this.list = h('ul', { class: 'conversation-list', 'aria-label': 'Conversations', 'data-console': 'conversation-list' });
    this.pager = h('div');
    this.threadPane = h('section', { class: 'inbox-thread card', 'aria-label': 'Conversation' },
      h('p', { class: 'muted' }, 'Choose a conversation.'));
    this.contextPane = h('aside', { class: 'inbox-context card', 'data-console': 'context', 'aria-label': 'Visitor and session' },
      h('p', { class: 'muted' }, 'The visitor’s session shows here.'));
    mount(this.view,
      h('h1', {}, 'Conversations'),
      h('div', { class: 'inbox-bar' },
        h('span', {}, 'Answering as ', h('strong', { 'data-console': 'agent-email' }, this.agent)),
        h('button', { type: 'button', class: 'secondary', onclick: () => {
          session.setAgent(null);
          this.close();
          askAgent(this.view, this.openId);
        } }, 'Change'),
        this.liveStatus),
      h('div', { class: 'inbox' },
        h('section', { class: 'inbox-list', 'aria-label': 'Conversation list' },
          this.statusTabs, this.assigneeTabs, this.list, this.pager),
        this.threadPane,
        this.contextPane));
    this.markFilters();
  }

  markFilters() {
    this.statusTabs.querySelectorAll('button').forEach(b => b.setAttribute('aria-pressed', String(b.dataset.status === this.filters.status)));
    this.assigneeTabs.querySelectorAll('button').forEach(b => b.setAttribute('aria-pressed', String(b.dataset.assignee === this.filters.assignee)));
  }

  // ---- the list -------------------------------------------------------------------------------

  filter(change) {
    Object.assign(this.filters, change, { page: 1 });
    this.markFilters();
    this.load().catch(failure => this.listError(failure));
  }

  listError(failure) {
    mount(this.list, h('li', { class: 'notice error', role: 'alert' }, failure.message));
  }

  params() {
    const { status, assignee, page } = this.filters;
    return {
      status, page, page_size: PAGE_SIZE,
      assignee_email: assignee === 'mine' ? this.agent : '',
      unassigned: assignee === 'unassigned' ? 'true' : '',
    };
  }

  async load() {
    const page = await get(query('/external/v1/conversations', this.params()));
    if (this.closed) return;
    this.page = page;
    this.conversations = (page.data ?? []).slice();
    this.drawList();
  }

  matches(conversation) {
    if (conversation.status !== this.filters.status) return false;
    if (this.filters.assignee === 'mine') return sameEmail(conversation.assignee_email, this.agent);
    if (this.filters.assignee === 'unassigned') return !conversation.assignee_email;
    return true;
  }

  /** A conversation as an event or an answer shows it now: in the list if it belongs there, out if not. */
  upsert(conversation) {
    const index = this.conversations.findIndex(c => c.conversation_id === conversation.conversation_id);
    if (this.matches(conversation)) {
      if (index >= 0) this.conversations[index] = { ...this.conversations[index], ...conversation };
      else this.conversations.push(conversation);
    } else if (index >= 0) {
      this.conversations.splice(index, 1);
    }
    this.drawList();
  }

  drawList() {
    const rows = this.conversations
      .slice()
      .sort((a, b) => (Date.parse(b.last_activity_at) || 0) - (Date.parse(a.last_activity_at) || 0));
    this.conversations = rows;
    // rows are drawn anew on every event: a keyboard user's place in the list is kept
    const focused = this.list.contains(document.activeElement) ? document.activeElement.dataset.conversationId : null;
    if (!rows.length) {
      mount(this.list, h('li', { class: 'muted empty' }, `No ${this.filters.status} conversations.`));
    } else {
      mount(this.list, rows.map(c => h('li', {}, this.row(c))));
      if (focused) this.list.querySelector(`[data-conversation-id="${CSS.escape(focused)}"]`)?.focus();
    }
    const page = this.page;
    mount(this.pager, page && page.total_pages > 1 ? h('nav', { class: 'row', 'aria-label': 'Pages' },
      h('button', { type: 'button', class: 'secondary', disabled: !page.has_previous, onclick: () => this.go(page.page - 1) }, 'Previous'),
      h('span', {}, `Page ${page.page} of ${page.total_pages}`),
      h('button', { type: 'button', class: 'secondary', disabled: !page.has_next, onclick: () => this.go(page.page + 1) }, 'Next')) : null);
  }

  go(page) {
    this.filters.page = page;
    this.load().catch(failure => this.listError(failure));
  }

  row(c) {
    const visitor = c.visitor ?? {};
    const secondary = [visitor.name ? visitor.email || visitor.whatsapp_number : null, c.channel === 'whatsapp' ? 'WhatsApp' : 'Chat']
      .filter(Boolean).join(' · ');
    const unread = Number(c.unread_count) || 0;
    return h('button', {
      type: 'button', class: 'conversation-row', 'data-console': 'conversation-row', 'data-conversation-id': c.conversation_id,
      'aria-current': c.conversation_id === this.openId ? 'true' : null,
      onclick: () => this.select(c.conversation_id),
    },
    h('span', { class: 'row-top' },
      h('strong', { class: 'row-name' }, visitorName(c)),
      unread > 0 ? h('span', { class: 'unread', 'data-console': 'unread', 'aria-label': `${unread} unread` }, String(unread)) : null),
    h('span', { class: 'row-sub' }, secondary),
    h('span', { class: 'row-bottom' }, badge(c.status),
      h('small', {}, c.assignee_email ? (sameEmail(c.assignee_email, this.agent) ? 'You' : c.assignee_email) : 'Unassigned'),
      h('small', { class: 'row-time' }, h('time', { datetime: c.last_activity_at ?? '' }, when(c.last_activity_at)))));
  }

  // ---- one conversation -----------------------------------------------------------------------

  async select(conversationId, { focus = true } = {}) {
    this.typingStopped();
    this.openId = conversationId;
    this.current = null;
    this.messages = new Map();
    this.snoozeValue = null;
    this.drawList();
    const hash = `#/conversations/${encodeURIComponent(conversationId)}`;
    if (location.hash !== hash) {
      // the page stays (and its socket with it): the address follows the open conversation for a reload or a link
      history.replaceState(null, '', hash);
      this.view.dataset.route = hash;
    }
    mount(this.threadPane, h('p', { 'aria-busy': 'true' }, 'Loading…'));
    let detail;
    try {
      detail = await get(`/external/v1/conversations/${encodeURIComponent(conversationId)}`);
      await this.readMessages(conversationId, 0);
    } catch (failure) {
      if (this.openId !== conversationId || this.closed) return;
      mount(this.threadPane, h('p', { class: 'notice error', role: 'alert' },
        failure.status === 404 ? 'This conversation no longer exists.' : failure.message));
      mount(this.contextPane);
      return;
    }
    if (this.openId !== conversationId || this.closed) return;
    const { context, ...conversation } = detail;
    this.current = conversation;
    this.context = context ?? { session: null, recent_pages: [], recent_errors: [] };
    this.drawThreadPane();
    this.drawContext();
    this.markRead();
    if (focus) {
      this.replyInput?.focus({ preventScroll: true });
      // stacked on a narrow screen: the thread is below the list, bring it up
      if (window.matchMedia('(max-width: 1000px)').matches) this.threadPane.scrollIntoView({ block: 'start' });
    }
  }

  /** Every message after `after`, a page at a time, into the open thread. */
  async readMessages(conversationId, after) {
    let from = after;
    for (;;) {
      const page = await get(query(`/external/v1/conversations/${encodeURIComponent(conversationId)}/messages`,
        { after: from, limit: MESSAGES_PER_READ }));
      if (this.openId !== conversationId) return;
      const found = page.data ?? [];
      found.forEach(message => this.messages.set(message.seq, message));
      if (!page.has_more || !found.length) return;
      from = found[found.length - 1].seq;
    }
  }

  get lastSeq() {
    let last = 0;
    for (const seq of this.messages.keys()) if (seq > last) last = seq;
    return last;
  }

  drawThreadPane() {
    this.thread = h('ol', { class: 'thread', 'data-console': 'thread', 'aria-label': 'Messages' });
    this.typing = h('p', { class: 'typing muted', 'aria-live': 'polite' });
    this.actionError = h('p', { class: 'form-error', role: 'alert' });
    this.header = h('div', { class: 'thread-head' });
    this.actions = h('div', { class: 'thread-actions' });
    mount(this.threadPane, this.header, this.actions, this.actionError, this.thread, this.typing, this.replyForm());
    this.drawHeader();
    this.drawActions();
    this.drawThread(true);
  }

  drawHeader() {
    const c = this.current;
    const visitor = c.visitor ?? {};
    mount(this.header,
      h('h2', { id: 'thread-title' }, visitorName(c)),
      h('p', { class: 'thread-sub' },
        badge(c.status), ' ',
        c.channel === 'whatsapp' ? `WhatsApp ${visitor.whatsapp_number ?? ''}` : 'Chat widget', ' · ',
        c.assignee_email ? `Assigned to ${sameEmail(c.assignee_email, this.agent) ? 'you' : c.assignee_email}` : 'Unassigned',
        c.status === 'snoozed' && c.snoozed_until ? ` · Snoozed until ${when(c.snoozed_until)}` : ''));
  }

  drawActions() {
    const c = this.current;
    const focusedId = this.actions.contains(document.activeElement) ? document.activeElement.id : null;
    const options = [['', 'Unassigned'], [this.agent, `Me (${this.agent})`]];
    for (const agent of this.agents) {
      if (!sameEmail(agent.email, this.agent)) options.push([agent.email, agent.name ? `${agent.name} (${agent.email})` : agent.email]);
    }
    if (c.assignee_email && !options.some(([email]) => sameEmail(email, c.assignee_email))) options.push([c.assignee_email, c.assignee_email]);
    const assign = h('select', { id: 'assign', 'data-console': 'assign', onchange: event => this.change({ assignee_email: event.target.value || null }) },
      options.map(([email, text]) => h('option', { value: email, selected: email ? sameEmail(email, c.assignee_email) : !c.assignee_email }, text)));
    const assignMe = h('button', { id: 'assign-me-button', type: 'button', class: 'secondary', 'data-console': 'assign-me', hidden: sameEmail(c.assignee_email, this.agent),
      onclick: () => this.change({ assignee_email: this.agent }) }, 'Assign to me');

    this.snoozeValue ??= localInput(Date.now() + 3_600_000);
    const until = h('input', { id: 'snooze-until', type: 'datetime-local', 'data-console': 'snooze-until', value: this.snoozeValue,
      'aria-describedby': 'snooze-error', oninput: () => { this.snoozeValue = until.value; } });
    const snoozeError = h('p', { class: 'field-error', id: 'snooze-error', 'aria-live': 'polite' });
    const snooze = h('button', { id: 'snooze-button', type: 'button', class: 'secondary', 'data-console': 'snooze', onclick: () => {
      const at = new Date(until.value);
      if (!until.value || Number.isNaN(at.getTime())) {
        snoozeError.textContent = 'Choose when the conversation comes back.';
        until.setAttribute('aria-invalid', 'true');
        return;
      }
      this.change({ status: 'snoozed', snoozed_until: at.toISOString() }, { snoozed_until: [until, snoozeError] });
    } }, 'Snooze');
    const resolve = h('button', { id: 'resolve-button', type: 'button', 'data-console': 'resolve', hidden: c.status === 'resolved',
      onclick: () => this.change({ status: 'resolved' }) }, 'Resolve');
    const reopen = h('button', { id: 'reopen-button', type: 'button', class: 'secondary', 'data-console': 'reopen', hidden: c.status === 'open' || c.status === 'pending',
      onclick: () => this.change({ status: 'open' }) }, 'Reopen');

    const tagNames = [...new Set([...this.tags, ...(c.tags ?? [])])];
    const tagsError = h('p', { class: 'field-error', id: 'tags-error', 'aria-live': 'polite' });
    const tags = tagNames.length
      ? h('fieldset', { class: 'tags', 'data-console': 'tags' }, h('legend', {}, 'Tags'),
        h('div', { class: 'row' }, tagNames.map((tag, i) => h('div', { class: 'field inline' },
          h('input', { id: `tag-${i}`, type: 'checkbox', value: tag, checked: (c.tags ?? []).includes(tag), onchange: () => this.change(
            { tags: [...tags.querySelectorAll('input:checked')].map(box => box.value) }, { tags: [null, tagsError] }) }),
          h('label', { for: `tag-${i}` }, tag)))), tagsError)
      : h('p', { class: 'muted' }, 'No tags yet: ', h('a', { href: '#/settings/ticketing' }, 'add ticketing tags'), '.');

    mount(this.actions,
      h('div', { class: 'row' },
        h('div', { class: 'field' }, h('label', { for: 'assign' }, 'Assignee'), assign), assignMe),
      h('div', { class: 'row' },
        h('div', { class: 'field' }, h('label', { for: 'snooze-until' }, 'Snooze until'), until, snoozeError), snooze, resolve, reopen),
      tags);
    if (focusedId) this.actions.querySelector(`#${CSS.escape(focusedId)}`)?.focus();
  }

  /** PATCHes the open conversation; a 422 goes beside the control its field names, anything else above the thread. */
  async change(body, slots = {}) {
    const conversationId = this.openId;
    this.actionError.textContent = '';
    for (const [input, slot] of Object.values(slots)) {
      input?.removeAttribute('aria-invalid');
      if (slot) slot.textContent = '';
    }
    this.actions.querySelectorAll('button, select, input').forEach(control => { control.disabled = true; });
    try {
      const updated = await api('PATCH', `/external/v1/conversations/${encodeURIComponent(conversationId)}`, body);
      if (this.openId !== conversationId) return;
      this.conversationChanged(updated);
      announce('Conversation updated');
    } catch (failure) {
      if (this.openId !== conversationId) return;
      this.drawActions();
      let shown = false;
      for (const violation of failure.violations ?? []) {
        const field = Array.isArray(violation.loc) ? violation.loc[1] : null;
        const slot = slots[field];
        if (!slot) continue;
        const [input, error] = slot;
        const fresh = input?.id ? this.actions.querySelector(`#${input.id}`) : null;
        const freshError = error?.id ? this.actions.querySelector(`#${error.id}`) : null;
        (freshError ?? this.actionError).textContent = violation.msg;
        fresh?.setAttribute('aria-invalid', 'true');
        shown = true;
      }
      if (!shown) {
        this.actionError.textContent = (failure.violations ?? []).map(v => v.msg).join(' ') || failure.message;
      }
    } finally {
      this.actions?.querySelectorAll('button, select, input').forEach(control => { control.disabled = false; });
    }
  }

  /** The open conversation as its newest version says; its session context stays what was read. */
  conversationChanged(conversation) {
    this.upsert(conversation);
    if (conversation.conversation_id !== this.openId || !this.current) return;
    const before = this.current;
    this.current = { ...before, ...conversation };
    const changed = (...names) => names.some(name => JSON.stringify(before[name]) !== JSON.stringify(this.current[name]));
    this.drawHeader();
    // controls are drawn anew only when what they show changed, so an update never takes a half-made choice away
    if (changed('status', 'assignee_email', 'tags', 'snoozed_until') || !this.actions.contains(document.activeElement)) this.drawActions();
    if (changed('visitor', 'session_id')) this.drawThread(false);
    this.drawContext();
    if ((Number(conversation.unread_count) || 0) > 0) this.scheduleRead();
  }

  drawThread(toEnd) {
    const box = this.thread;
    if (!box) return;
    const atEnd = toEnd || box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    const sorted = [...this.messages.values()].sort((a, b) => a.seq - b.seq);
    mount(box, sorted.length ? sorted.map(message => this.message(message)) : h('li', { class: 'muted' }, 'No messages yet.'));
    if (atEnd) box.scrollTop = box.scrollHeight;
  }

  message(m) {
    const sender = m.sender ?? {};
    const type = sender.type ?? 'system';
    const c = this.current ?? {};
    let who;
    if (type === 'visitor') who = sender.name || visitorName(c);
    else if (type === 'agent') who = sameEmail(sender.email, this.agent) ? `You (${sender.email})` : sender.email || sender.name || 'Agent';
    else who = type === 'bot' ? 'Bot' : 'System';
    const sources = Array.isArray(m.sources) && m.sources.length
      ? h('p', { class: 'message-sources' }, 'Sources: ', m.sources.map(s => s.name || s.source_id).join(', ')) : null;
    return h('li', {
      class: `message from-${type}${m.private ? ' private' : ''}`,
      'data-console': 'message', 'data-seq': String(m.seq), 'data-sender': type, 'data-private': m.private ? 'true' : null,
    },
    h('div', { class: 'message-meta' },
      h('strong', {}, who),
      m.private ? h('span', { class: 'badge note' }, 'Private note') : null,
      h('time', { datetime: m.created_at ?? '' }, when(m.created_at)),
      m.delivery ? badge(m.delivery.status) : null,
      type === 'visitor' && c.session_id && m.created_at
        ? h('a', { href: sessionLink(c.session_id, m.created_at), 'data-console': 'message-replay',
          'aria-label': `Replay the visitor’s session at ${when(m.created_at)}` }, 'Replay')
        : null),
    h('p', { class: 'message-content' }, m.content ?? ''),
    sources);
  }

  replyForm() {
    const input = h('textarea', { id: 'reply-input', 'data-console': 'reply-input', rows: 3, 'aria-describedby': 'reply-error',
      placeholder: 'Write a reply…' });
    const privateBox = h('input', { id: 'private-toggle', type: 'checkbox', 'data-console': 'private-toggle' });
    const send = h('button', { type: 'submit', 'data-console': 'reply-send' }, 'Send');
    const error = h('p', { class: 'field-error', id: 'reply-error', 'aria-live': 'polite' });
    const form = h('form', { class: 'reply', novalidate: true, onsubmit: event => {
      event.preventDefault();
      this.reply(input, privateBox, error);
    } },
    h('label', { for: 'reply-input', class: 'visually-hidden' }, 'Reply'),
    input, error,
    h('div', { class: 'row reply-bar' },
      h('div', { class: 'field inline' }, privateBox, h('label', { for: 'private-toggle' }, 'Private note')),
      send));
    privateBox.addEventListener('change', () => {
      form.classList.toggle('private', privateBox.checked);
      send.textContent = privateBox.checked ? 'Add note' : 'Send';
      input.placeholder = privateBox.checked ? 'A note only agents see…' : 'Write a reply…';
    });
    input.addEventListener('input', () => {
      error.textContent = '';
      input.removeAttribute('aria-invalid');
      if (!privateBox.checked) this.typingNow();
    });
    input.addEventListener('keydown', event => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    this.replyInput = input;
    return form;
  }

  /**
   * Sends what the box holds and empties it as the send starts, so whatever the agent types
   * meanwhile is theirs to send next, never wiped. Sends go one after another, in the order written.
   * A send that fails puts its text back (before anything typed since) and says it was not sent.
   */
  reply(input, privateBox, error) {
    const conversationId = this.openId;
    const content = input.value.trim();
    error.textContent = '';
    input.removeAttribute('aria-invalid');
    if (!content) {
      error.textContent = 'Write something first.';
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return Promise.resolve();
    }
    const isPrivate = privateBox.checked;
    // one id per text: the same text sent again after a lost answer is answered with the first message, never a second
    const clientId = this.unsent?.content === content ? this.unsent.clientId : newClientId();
    this.unsent = null;
    input.value = '';
    const sent = (this.sending ?? Promise.resolve()).then(() => this.post(conversationId, content, isPrivate, clientId, input, error));
    this.sending = sent;
    return sent;
  }

  async post(conversationId, content, isPrivate, clientId, input, error) {
    try {
      const message = await api('POST', `/external/v1/conversations/${encodeURIComponent(conversationId)}/messages`,
        { content, agent_email: this.agent, private: isPrivate, client_id: clientId });
      this.typingStopped();
      if (this.openId !== conversationId) return;
      this.messageCreated(message);
      announce(isPrivate ? 'Note added' : 'Reply sent');
    } catch (failure) {
      const typedSince = input.value.trim();
      input.value = typedSince ? `${content}\n\n${input.value}` : content;
      if (!typedSince) this.unsent = { content, clientId };
      const violation = (failure.violations ?? [])[0];
      error.textContent = `Not sent: ${violation ? violation.msg : failure.message}`;
      input.setAttribute('aria-invalid', 'true');
    }
  }

  typingNow() {
    if (!this.openId) return;
    const now = Date.now();
    if (now - this.sentTyping > 3000) {
      this.sentTyping = now;
      this.live.send({ action: 'typing', conversation_id: this.openId, typing: true });
    }
    clearTimeout(this.stopTypingTimer);
    this.stopTypingTimer = setTimeout(() => this.typingStopped(), 4000);
  }

  typingStopped() {
    clearTimeout(this.stopTypingTimer);
    if (!this.sentTyping || !this.openId) return;
    this.sentTyping = 0;
    this.live.send({ action: 'typing', conversation_id: this.openId, typing: false });
  }

  scheduleRead() {
    clearTimeout(this.readTimer);
    this.readTimer = setTimeout(() => this.markRead(), 300);
  }

  /** The agents' read mark moves to the last message shown, while the thread is on screen. */
  async markRead() {
    const c = this.current;
    if (!c || this.closed || document.visibilityState === 'hidden') return;
    const seq = this.lastSeq;
    if (!seq || (seq <= (Number(c.agent_last_read_seq) || 0) && !(Number(c.unread_count) > 0))) return;
    try {
      await api('POST', `/external/v1/conversations/${encodeURIComponent(c.conversation_id)}/read`, { seq });
    } catch {
      return; // the mark is retried with the next message or the next visit
    }
    if (this.current?.conversation_id !== c.conversation_id) return;
    this.current.agent_last_read_seq = Math.max(Number(this.current.agent_last_read_seq) || 0, seq);
    this.current.unread_count = 0;
    const row = this.conversations.find(x => x.conversation_id === c.conversation_id);
    if (row) {
      row.unread_count = 0;
      row.agent_last_read_seq = this.current.agent_last_read_seq;
      this.drawList();
    }
  }

  drawContext() {
    const c = this.current;
    const context = this.context ?? {};
    const visitor = c.visitor ?? {};
    const s = context.session;
    const pages = context.recent_pages ?? [];
    const errors = context.recent_errors ?? [];
    const sessionId = c.session_id ?? s?.session_id;
    mount(this.contextPane,
      h('h2', {}, 'Visitor'),
      facts([
        ['Name', visitor.name], ['Email', visitor.email ? [visitor.email, ' ', visitor.verified ? badge('verified') : badge('unverified')] : null],
        ['Customer', visitor.customer_id ? h('a', { href: `#/customers/${encodeURIComponent(visitor.customer_id)}` }, visitor.customer_id) : null],
        ['WhatsApp', visitor.whatsapp_number], ['Started', when(c.created_at)], ['Waiting since', c.waiting_since ? when(c.waiting_since) : null],
        ['Rating', c.rating != null ? `${c.rating} / 5` : null],
        ['Rating comment', c.rating_comment],
      ]),
      h('h2', {}, 'Session'),
      sessionId ? h('p', {}, h('a', { href: sessionLink(sessionId), 'data-console': 'replay-link' }, 'Replay'),
        s?.replay_chunks === 0 ? h('small', { class: 'muted' }, ' (nothing recorded yet)') : null) : null,
      s ? facts([
        ['Started', when(s.started_at)], ['Last seen', when(s.last_seen_at)], ['Channel', s.channel], ['Last page', s.last_url],
        ['Page views', s.page_view_count], ['Errors', s.total_error_count], ['API calls', s.api_call_count],
        ['API error rate', s.api_error_rate != null ? `${Math.round(s.api_error_rate * 1000) / 10} %` : null],
        ['Avg. response', s.avg_response_time_ms != null ? `${Math.round(s.avg_response_time_ms)} ms` : null],
        ['Engagement score', s.engagement_score != null ? Math.round(s.engagement_score) : null],
        ['Churn risk', s.churn_risk_score != null ? `${Math.round(s.churn_risk_score * 100)} %` : null],
      ]) : h('p', { class: 'muted' }, sessionId ? 'Nothing is known of this session yet.' : 'No session: the visitor wrote without the SDK on the page, or through WhatsApp.'),
      h('h3', {}, 'Recent pages'),
      pages.length ? h('ol', { class: 'plain' }, pages.map(page => h('li', {}, page))) : h('p', { class: 'muted' }, 'None seen.'),
      h('h3', {}, 'Recent errors'),
      errors.length ? h('ul', { class: 'plain errors' }, errors.map(error => h('li', {},
        h('span', { class: 'error-message' }, error.message ?? 'Error'),
        h('small', {}, [error.url, when(error.at)].filter(Boolean).join(' · ')),
        sessionId && error.at ? [' ', h('a', { href: sessionLink(sessionId, error.at), 'aria-label': `Replay at ${when(error.at)}` }, 'Replay')] : null)))
        : h('p', { class: 'muted' }, 'None seen.'));
  }

  // ---- live -----------------------------------------------------------------------------------

  connected(reconnected) {
    if (this.openId && this.current) {
      this.live.send({ action: 'resume', conversation_id: this.openId, after: this.lastSeq });
    }
    if (reconnected) {
      // events missed while away: the list and the open conversation are read again
      this.load().catch(() => {});
      if (this.openId) {
        const id = this.openId;
        get(`/external/v1/conversations/${encodeURIComponent(id)}`).then(detail => {
          if (this.openId !== id || !this.current) return;
          const { context, ...conversation } = detail;
          this.context = context ?? this.context;
          this.conversationChanged(conversation);
        }).catch(() => {});
      }
    }
  }

  frame(frame) {
    if (!frame || typeof frame !== 'object') return;
    switch (frame.event) {
      case 'message.created': return this.messageCreated(frame.data);
      case 'conversation.updated': return frame.data && this.conversationChanged(frame.data);
      case 'typing': return this.typingChanged(frame.data);
      default: return undefined;
    }
  }

  messageCreated(message) {
    if (!message || !Number.isInteger(message.seq)) return;
    const row = this.conversations.find(c => c.conversation_id === message.conversation_id);
    if (row) {
      if ((Date.parse(message.created_at) || 0) > (Date.parse(row.last_activity_at) || 0)) row.last_activity_at = message.created_at;
      const fromVisitor = message.sender?.type === 'visitor';
      const counted = row.counted_seq ?? (Number(row.agent_last_read_seq) || 0);
      if (fromVisitor && message.conversation_id !== this.openId && message.seq > counted) {
        row.unread_count = (Number(row.unread_count) || 0) + 1;
      }
      row.counted_seq = Math.max(counted, message.seq);
      this.drawList();
    }
    if (message.conversation_id !== this.openId || !this.thread) return;
    const known = this.messages.has(message.seq);
    const gap = message.seq > this.lastSeq + 1;
    this.messages.set(message.seq, message);
    if (known) return;
    this.drawThread(false);
    if (message.sender?.type === 'visitor') {
      this.typing.textContent = '';
      announce(`New message from ${visitorName(this.current ?? {})}`);
      this.scheduleRead();
    }
    if (gap) {
      // a message went missing between two: ask for everything after what the thread shows before it
      const before = [...this.messages.keys()].filter(seq => seq < message.seq).reduce((a, b) => Math.max(a, b), 0);
      this.live.send({ action: 'resume', conversation_id: this.openId, after: before });
    }
  }

  typingChanged(data) {
    if (!data || data.conversation_id !== this.openId || !this.typing || data.sender?.type !== 'visitor') return;
    clearTimeout(this.typingTimer);
    this.typing.textContent = data.typing ? `${visitorName(this.current ?? {})} is typing…` : '';
    if (data.typing) this.typingTimer = setTimeout(() => { this.typing.textContent = ''; }, TYPING_SHOWN_MS);
  }
}

/** `<input type=datetime-local>`'s value for a moment, in the browser's time zone. */
function localInput(ms) {
  const date = new Date(ms);
  const pad = n => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
