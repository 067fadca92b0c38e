import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChat } from '../src/widget/chat.js';
import { drawLauncher } from '../src/widget/launcher.js';
import { mount } from '../src/widget/panel.js';

// ---- fakes: the widget API as customer-service answers it, and the visitor's WebSocket ----------

const BASE = 'https://gw.test';
const respond = (status, body) => ({ ok: status < 300, status, json: async () => (body === undefined ? Promise.reject(new Error('no body')) : body) });

function fakeServer() {
  const server = {
    calls: [],
    offline: false,
    // requests ("POST /path") whose answer is lost once: the write is done, the client sees a network failure
    lose: [],
    conversations: [],
    messages: [],
    visitors: [],
    tickets: [],
  };
  const conversationOf = (id) => server.conversations.find((conversation) => conversation.conversation_id === id);
  const nextSeq = (id) => server.messages.filter((message) => message.conversation_id === id).length + 1;

  server.add = (id, sender, content, extra = {}) => {
    const message = { message_id: `msg_${server.messages.length + 1}`, conversation_id: id, seq: nextSeq(id), sender: { type: sender }, content, private: false, client_id: null, created_at: '2025-01-01T00:00:00Z', ...extra };
    server.messages.push(message);
    return message;
  };

  function route(method, path, query, body) {
    const [, , , resource, id, action] = path.split('/');
    if (method === 'POST' && path === '/widget/v1/visitors') {
      const visitor = { visitor_id: `vis_${server.visitors.length + 1}`, visitor_token: `tok_${server.visitors.length + 1}`, name: null, email: body.email || null, customer_id: body.customer_id || null, verified: Boolean(body.identity_hash) };
      server.visitors.push({ ...visitor, body });
      return [201, visitor];
    }
    if (method === 'PATCH' && path === '/widget/v1/visitors/me') return [200, { ...server.visitors.at(-1), email: body.email }];
    if (method === 'POST' && path === '/external/v1/tickets') {
      server.tickets.push(body);
      return [201, { ticket_id: 'tkt_1', status: 'open', ...body }];
    }
    if (resource !== 'conversations') return [404, { detail: 'Not found' }];
    if (method === 'GET' && !id) return [200, { data: server.conversations.slice().reverse() }];
    if (method === 'POST' && !id) {
      const conversation = { conversation_id: `cnv_${server.conversations.length + 1}`, status: 'pending', visitor_last_read_seq: 0, session_id: body.session_id };
      server.conversations.push(conversation);
      const first = server.add(conversation.conversation_id, 'visitor', body.message, { client_id: body.client_id });
      return [201, { ...conversation, messages: [first] }];
    }
    const conversation = conversationOf(id);
    if (!conversation) return [404, { detail: 'Not found' }];
    const own = server.messages.filter((message) => message.conversation_id === id);
    if (method === 'GET' && action === 'messages') {
      const after = Number(query.get('after'));
      const limit = Number(query.get('limit'));
      const found = own.filter((message) => message.seq > after);
      return [200, { data: found.slice(0, limit), has_more: found.length > limit }];
    }
    if (method === 'POST' && action === 'messages') {
      const earlier = own.find((message) => body.client_id && message.client_id === body.client_id);
      if (earlier) return [200, earlier];
      return [201, server.add(id, 'visitor', body.content, { client_id: body.client_id })];
    }
    if (method === 'POST' && action === 'read') {
      conversation.visitor_last_read_seq = Math.max(conversation.visitor_last_read_seq, body.seq);
      return [204];
    }
    if (method === 'POST' && action === 'rating') {
      conversation.rating = body.rating;
      return [200, conversation];
    }
    if (method === 'POST' && action === 'handoff') {
      conversation.status = 'open';
      return [200, conversation];
    }
    return [404, { detail: 'Not found' }];
  }

  server.fetch = vi.fn(async (url, init = {}) => {
    const { pathname, searchParams } = new URL(url);
    const method = init.method || 'GET';
    const body = init.body ? JSON.parse(init.body) : undefined;
    server.calls.push({ method, path: pathname + (searchParams.size ? `?${searchParams}` : ''), body, headers: init.headers, offline: server.offline });
    if (server.offline) throw new TypeError('Failed to fetch');
    if (method === 'POST' && pathname === '/widget/v1/live/tickets') return respond(201, { ticket: `lt_${init.headers['X-Visitor-Token']}` });
    const [status, answer] = route(method, pathname, searchParams, body);
    const lost = server.lose.indexOf(`${method} ${pathname}`);
    if (lost >= 0) {
      server.lose.splice(lost, 1);
      throw new TypeError('Failed to fetch');
    }
    return respond(status, answer);
  });
  // what the widget asked of the API, without the live tickets each connection takes
  server.requests = () => server.calls.filter((call) => call.path !== '/widget/v1/live/tickets');
  server.posts = (suffix) => server.calls.filter((call) => call.method === 'POST' && call.path.endsWith(suffix));
  return server;
}

class FakeSocket {
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.all.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  push(event, data) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) });
  }
}
const socket = () => FakeSocket.all.at(-1);

function memoryStore(saved = {}) {
  const data = { visitor: null, outbox: null, ...saved };
  return {
    data,
    loadVisitor: () => data.visitor,
    saveVisitor: (visitor) => (data.visitor = visitor),
    loadOutbox: () => data.outbox && data.outbox.map((entry) => ({ ...entry })),
    saveOutbox: (entries) => (data.outbox = entries.map((entry) => ({ ...entry }))),
  };
}

let ids = 0;
const uuid = () => `cid-${++ids}`;
const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};

function chatWith(server, options = {}) {
  return createChat({
    base: BASE,
    publicKey: 'eng_pub_test',
    config: { online: true, online_status_message: 'Here', offline_status_message: 'Away', status_message: 'Here', ...options.config },
    store: options.store || memoryStore(),
    sdk: { sessionId: () => 'ses_1', anonymousId: () => 'anon_1', identity: () => options.identity || null },
    fetchImpl: server.fetch,
    WebSocketImpl: FakeSocket,
    uuid,
    pageUrl: () => 'https://shop.test/cart',
    onIncoming: options.onIncoming,
  });
}

const shown = (chat) => chat.state.thread.map((message) => `${message.seq ?? 'pending'}:${message.sender.type}:${message.content}`);

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  ids = 0;
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

// ---- the chat ---------------------------------------------------------------------------------

describe('chat', () => {
  it('makes the visitor on the first message, starts the conversation with it and goes live', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const chat = chatWith(server, { store });
    await chat.start();
    expect(server.calls).toEqual([]);

    chat.send('  Hello there ');
    expect(shown(chat)).toEqual(['pending:visitor:Hello there']);
    await settle();

    expect(server.requests().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /widget/v1/visitors', 'POST /widget/v1/conversations']);
    expect(server.requests()[0].body).toEqual({ anonymous_id: 'anon_1', session_id: 'ses_1' });
    expect(server.requests()[0].headers['X-Public-Key']).toBe('eng_pub_test');
    expect(server.requests()[1].body).toEqual({ message: 'Hello there', client_id: 'cid-1', session_id: 'ses_1', page_url: 'https://shop.test/cart' });
    expect(server.requests()[1].headers['X-Visitor-Token']).toBe('tok_1');
    expect(store.data.visitor.visitor_token).toBe('tok_1');
    expect(socket().url).toBe('wss://gw.test/widget/v1/live?public_key=eng_pub_test&ticket=lt_tok_1');
    expect(shown(chat)).toEqual(['1:visitor:Hello there']);
  });

  it('resumes from the last seq shown on every (re)connection', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.send('Hi');
    await settle();
    socket().accept();
    await settle();
    expect(socket().sent).toContainEqual({ action: 'resume', conversation_id: 'cnv_1', after: 1 });

    socket().push('message.created', server.add('cnv_1', 'bot', 'Hello, how can I help?'));
    socket().drop();
    await vi.advanceTimersByTimeAsync(500);
    socket().accept();
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket().sent).toContainEqual({ action: 'resume', conversation_id: 'cnv_1', after: 2 });
  });

  it('shows a message once, however many times it arrives (POST answer, socket, resume)', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.send('Hi');
    await settle();
    socket().accept();
    const bot = server.add('cnv_1', 'bot', 'Hello!');
    socket().push('message.created', server.messages[0]);
    socket().push('message.created', bot);
    socket().push('message.created', bot);
    chat.send('Where is my order?');
    await settle();
    socket().push('message.created', server.messages[2]);
    expect(shown(chat)).toEqual(['1:visitor:Hi', '2:bot:Hello!', '3:visitor:Where is my order?']);
  });

  it('queues messages typed offline, keeps them across a reload, and sends each once, in order, when the connection returns', async () => {
    const server = fakeServer();
    const store = memoryStore();
    let chat = chatWith(server, { store });
    await chat.start();
    chat.send('First');
    await settle();
    socket().accept();
    await settle();

    server.offline = true;
    socket().drop();
    chat.send('Second');
    chat.send('Third');
    await settle();
    expect(shown(chat)).toEqual(['1:visitor:First', 'pending:visitor:Second', 'pending:visitor:Third']);
    expect(chat.state.delayed).toBe(true);
    expect(store.data.outbox.map((entry) => [entry.client_id, entry.content])).toEqual([['cid-2', 'Second'], ['cid-3', 'Third']]);

    // the visitor reloads the page, still offline: the queue comes back with its client ids
    chat.stop();
    chat = chatWith(server, { store });
    await chat.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown(chat)).toEqual(['pending:visitor:Second', 'pending:visitor:Third']);

    server.offline = false;
    // the reload's connection comes up: it resumes and the queue leaves
    FakeSocket.all.at(-1).accept();
    await settle();
    await vi.advanceTimersByTimeAsync(60000);
    const posted = server.posts('/conversations/cnv_1/messages').filter((call) => !call.offline);
    expect(posted.map((call) => call.body)).toEqual([
      { content: 'Second', client_id: 'cid-2' },
      { content: 'Third', client_id: 'cid-3' },
    ]);
    const stored = server.messages.map((message) => [message.client_id, message.content]);
    expect(stored).toEqual([['cid-1', 'First'], ['cid-2', 'Second'], ['cid-3', 'Third']]);
    expect(shown(chat)).toEqual(['1:visitor:First', '2:visitor:Second', '3:visitor:Third']);
    expect(store.data.outbox).toEqual([]);
    expect(chat.state.delayed).toBe(false);
  });

  it('never doubles a message whose answer was lost: the retry carries the same client_id', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.send('First');
    await settle();
    server.lose.push('POST /widget/v1/conversations/cnv_1/messages');
    chat.send('Second');
    await settle();
    expect(server.messages).toHaveLength(2);
    expect(shown(chat)).toEqual(['1:visitor:First', 'pending:visitor:Second']);

    await vi.advanceTimersByTimeAsync(1000);
    expect(server.posts('/messages').map((call) => call.body.client_id)).toEqual(['cid-2', 'cid-2']);
    expect(server.messages).toHaveLength(2);
    expect(shown(chat)).toEqual(['1:visitor:First', '2:visitor:Second']);
  });

  it('finds the conversation its first message started when that answer was lost, rather than starting another', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    server.lose.push('POST /widget/v1/conversations');
    chat.send('Hello');
    await settle();
    expect(server.conversations).toHaveLength(1);
    expect(shown(chat)).toEqual(['pending:visitor:Hello']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.conversations).toHaveLength(1);
    expect(server.posts('/widget/v1/conversations')).toHaveLength(1);
    expect(shown(chat)).toEqual(['1:visitor:Hello']);
    expect(chat.state.conversation.conversation_id).toBe('cnv_1');
  });

  it('counts replies on the badge while the panel is closed and marks them read when it opens', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.send('Hi');
    await settle();
    socket().accept();
    socket().push('message.created', server.add('cnv_1', 'bot', 'Hello!'));
    socket().push('message.created', server.add('cnv_1', 'system', 'An agent will follow'));
    socket().push('message.created', server.add('cnv_1', 'visitor', 'from my phone'));
    socket().push('message.created', server.add('cnv_1', 'agent', 'Hi, I am Ann'));
    expect(chat.unread()).toBe(3);

    chat.setOpen(true);
    expect(chat.unread()).toBe(0);
    await settle();
    expect(server.posts('/read').map((call) => call.body)).toEqual([{ seq: 5 }]);

    socket().push('message.created', server.add('cnv_1', 'agent', 'Anything else?'));
    expect(chat.unread()).toBe(0);
    chat.setOpen(false);
    socket().push('message.created', server.add('cnv_1', 'agent', 'Bye'));
    expect(chat.unread()).toBe(1);
  });

  it('resumes a returning visitor\'s newest open conversation with its history and unread count', async () => {
    const server = fakeServer();
    server.conversations.push({ conversation_id: 'cnv_old', status: 'resolved', visitor_last_read_seq: 1 });
    server.conversations.push({ conversation_id: 'cnv_new', status: 'open', visitor_last_read_seq: 1 });
    server.conversations.push({ conversation_id: 'cnv_done', status: 'resolved', visitor_last_read_seq: 0 });
    server.add('cnv_new', 'visitor', 'Hi', { client_id: 'x' });
    for (let i = 0; i < 250; i++) server.add('cnv_new', 'agent', `reply ${i}`);
    const chat = chatWith(server, { store: memoryStore({ visitor: { visitor_token: 'tok_9' } }) });
    await chat.start();
    expect(chat.state.conversation.conversation_id).toBe('cnv_new');
    expect(chat.state.thread).toHaveLength(251);
    expect(server.calls.filter((call) => call.path.includes('/messages')).map((call) => call.path)).toEqual([
      '/widget/v1/conversations/cnv_new/messages?after=0&limit=200',
      '/widget/v1/conversations/cnv_new/messages?after=200&limit=200',
    ]);
    expect(chat.unread()).toBe(250);
    expect(socket().url).toContain('ticket=lt_tok_9');
  });

  it('becomes a new, verified visitor when the page identifies another customer', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const chat = chatWith(server, { store });
    await chat.start();
    chat.send('Hi');
    await settle();
    const first = socket();

    chat.identify({ customer_id: 'cus_42', email: 'ann@example.com', identity_hash: 'abc' });
    await settle();
    expect(server.visitors.map((visitor) => visitor.body)).toEqual([
      { anonymous_id: 'anon_1', session_id: 'ses_1' },
      { anonymous_id: 'anon_1', session_id: 'ses_1', customer_id: 'cus_42', email: 'ann@example.com', identity_hash: 'abc' },
    ]);
    expect(store.data.visitor).toMatchObject({ visitor_token: 'tok_2', verified: true, claimed: 'customer:cus_42' });
    expect(first.readyState).toBe(3);
    expect(socket().url).toContain('ticket=lt_tok_2');

    // the same customer again (the next page's identify) changes nothing
    chat.identify({ customer_id: 'cus_42', email: 'ann@example.com', identity_hash: 'abc' });
    await settle();
    expect(server.visitors).toHaveLength(2);
  });

  it('uses the identity the SDK already had when the visitor is made', async () => {
    const server = fakeServer();
    const chat = chatWith(server, { identity: { customer_id: 'cus_7', email: null, identity_hash: 'h' } });
    await chat.start();
    chat.send('Hi');
    await settle();
    expect(server.visitors[0].body).toEqual({ anonymous_id: 'anon_1', session_id: 'ses_1', customer_id: 'cus_7', identity_hash: 'h' });
    // a verified visitor may have a thread from another device: it is listed before a new one starts
    expect(server.requests().map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual([
      'POST /widget/v1/visitors',
      'GET /widget/v1/conversations',
      'POST /widget/v1/conversations',
    ]);
  });

  it('starts over with a new visitor when the token was revoked', async () => {
    const server = fakeServer();
    const store = memoryStore({ visitor: { visitor_token: 'revoked' } });
    server.fetch.mockImplementationOnce(async () => respond(401, { detail: 'Unknown visitor token' }));
    const chat = chatWith(server, { store });
    await chat.start();
    expect(store.data.visitor).toBeNull();
    chat.send('Hi');
    await settle();
    expect(store.data.visitor.visitor_token).toBe('tok_1');
    expect(server.conversations).toHaveLength(1);
  });

  it('shows agent typing, says when the visitor types (throttled), and stops on send', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.send('Hi');
    await settle();
    socket().accept();
    await settle();
    socket().sent = [];

    chat.typing();
    chat.typing();
    await vi.advanceTimersByTimeAsync(1000);
    chat.typing();
    expect(socket().sent).toEqual([{ action: 'typing', conversation_id: 'cnv_1', typing: true }]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(socket().sent.at(-1)).toEqual({ action: 'typing', conversation_id: 'cnv_1', typing: false });

    socket().push('typing', { conversation_id: 'cnv_1', sender: { type: 'agent', email: 'ann@acme.test' }, typing: true });
    expect(chat.state.agentTyping).toBe(true);
    socket().push('message.created', server.add('cnv_1', 'agent', 'Here'));
    expect(chat.state.agentTyping).toBe(false);
  });

  it('chimes for new agent and bot messages that arrive live, not for history or its own', async () => {
    const server = fakeServer();
    const onIncoming = vi.fn();
    const chat = chatWith(server, { onIncoming });
    await chat.start();
    chat.send('Hi');
    await settle();
    socket().accept();
    socket().push('message.created', server.messages[0]);
    socket().push('message.created', server.add('cnv_1', 'bot', 'Hello'));
    socket().push('message.created', server.messages[1]);
    expect(onIncoming.mock.calls.map(([message]) => message.sender.type)).toEqual(['bot']);
  });

  it('offers the handoff while the bot answers, and asks for a person', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.send('Hi');
    await settle();
    expect(chat.canHandOff()).toBe(false);
    socket().accept();
    socket().push('message.created', server.add('cnv_1', 'bot', 'Maybe this helps'));
    expect(chat.canHandOff()).toBe(true);
    await chat.handoff();
    expect(server.posts('/handoff')).toHaveLength(1);
    expect(chat.canHandOff()).toBe(false);
  });

  it('marks a message the server refuses as not sent, and goes on with the next', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.send('Hi');
    await settle();
    const route = server.fetch.getMockImplementation();
    server.fetch.mockImplementationOnce(async () => respond(422, { detail: [{ loc: ['body', 'content'], msg: 'too long', type: 'value_error' }] }));
    chat.send('x'.repeat(10));
    chat.send('Next');
    await settle();
    expect(server.fetch.getMockImplementation()).toBe(route);
    expect(chat.state.thread.map((message) => [message.content, Boolean(message.failed)])).toEqual([['Hi', false], ['Next', false], ['xxxxxxxxxx', true]]);
    expect(chat.state.queued).toBe(0);
  });

  it('switches to the offline status when support hours close while the page stays open', async () => {
    vi.setSystemTime(new Date('2025-01-01T16:59:00Z'));
    const server = fakeServer();
    const chat = chatWith(server, { config: { online: true, next_change_at: '2025-01-01T17:00:00Z' } });
    await chat.start();
    expect(chat.statusMessage()).toBe('Here');
    await vi.advanceTimersByTimeAsync(60000);
    expect(chat.state.online).toBe(false);
    expect(chat.statusMessage()).toBe('Away');
  });

  it('quotes a proactive prompt in the reply that starts the conversation', async () => {
    const server = fakeServer();
    const chat = chatWith(server);
    await chat.start();
    chat.showPrompt({ prompt_id: 'alt_1', message: 'Need a hand with checkout?' });
    chat.send('Yes please');
    await settle();
    expect(server.requests().at(-1).body.message).toBe('> Need a hand with checkout?\n\nYes please');
    expect(chat.state.prompt).toBeNull();
  });
});

// ---- the panel --------------------------------------------------------------------------------

const CONFIG = {
  theme_color: '#1F6FEB',
  position: 'right',
  welcome_image: 'collage',
  support_name: 'Acme care',
  button_label: 'Chat with us',
  online_status_message: 'We reply in minutes',
  offline_status_message: 'We are away',
  sound_enabled: false,
  identity_verification: 'optional',
  online: true,
  status_message: 'We reply in minutes',
  next_change_at: null,
  user_tickets_enabled: false,
};

describe('panel', () => {
  let server;

  function mountPanel(config = {}) {
    const full = { ...CONFIG, ...config };
    const view = drawLauncher(full, { onLauncher: () => {}, onPrompt: () => {} });
    const onToggle = vi.fn();
    const context = { version: 1, base: BASE, publicKey: 'eng_pub_test', config: full, root: view.root, container: view.container, launcher: view.launcher, setUnread: view.setUnread, onToggle };
    const panel = mount(context, { fetchImpl: server.fetch, WebSocketImpl: FakeSocket, uuid });
    const $ = (selector) => view.root.querySelector(selector);
    return { panel, view, $, onToggle, root: view.root };
  }

  beforeEach(() => {
    server = fakeServer();
  });

  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('is a labelled modal dialog with the support name, welcome image, status and branding', () => {
    const { $ } = mountPanel();
    const dialog = $('[data-engagement="panel"]');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-label')).toBe('Chat with Acme care');
    expect(dialog.hidden).toBe(true);
    expect($('.title').textContent).toBe('Acme care');
    expect($('.status').textContent).toBe('We reply in minutes');
    expect($('.welcome').getAttribute('data-welcome')).toBe('collage');
    expect($('.brand').textContent).toBe('Powered by Engagement Suite');
    expect($('[data-engagement="messages"]').getAttribute('aria-live')).toBe('polite');
    expect($('[data-engagement="input"]').tagName).toBe('TEXTAREA');
    expect($('[data-engagement="send"]')).not.toBeNull();
    expect($('[data-engagement="handoff"]').hidden).toBe(true);
  });

  it('drops the branding when white-labelled', () => {
    const { $ } = mountPanel({ white_label: true });
    expect($('.brand')).toBeNull();
  });

  it('opens with the focus in the input and keeps Tab and Shift+Tab inside', () => {
    const { panel, $, root, onToggle } = mountPanel();
    panel.open();
    const dialog = $('[data-engagement="panel"]');
    expect(dialog.hidden).toBe(false);
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(root.activeElement).toBe($('[data-engagement="input"]'));

    const tab = (shiftKey) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      root.activeElement.dispatchEvent(event);
      return event;
    };
    const send = $('[data-engagement="send"]');
    const close = $('.close');
    send.focus();
    expect(tab(false).defaultPrevented).toBe(true);
    expect(root.activeElement).toBe(close);
    expect(tab(true).defaultPrevented).toBe(true);
    expect(root.activeElement).toBe(send);
    // in between, the browser moves the focus itself
    $('[data-engagement="input"]').focus();
    expect(tab(false).defaultPrevented).toBe(false);
  });

  it('closes on Escape and gives the focus back to the launcher', () => {
    const { panel, $, root, view, onToggle } = mountPanel();
    panel.open();
    $('[data-engagement="input"]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect($('[data-engagement="panel"]').hidden).toBe(true);
    expect(panel.isOpen()).toBe(false);
    expect(onToggle).toHaveBeenLastCalledWith(false);
    expect(root.activeElement).toBe(view.launcher);
  });

  it('sends on Enter, keeps Shift+Enter for a new line, and renders each message as text with its sender and seq', async () => {
    const { panel, $, root } = mountPanel();
    panel.open();
    const input = $('[data-engagement="input"]');
    input.value = '<img src=x onerror=alert(1)>';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, cancelable: true }));
    expect(root.querySelectorAll('[data-engagement="message"]')).toHaveLength(0);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(input.value).toBe('');
    const pending = root.querySelector('[data-engagement="message"]');
    expect(pending.getAttribute('data-sender')).toBe('visitor');
    expect(pending.hasAttribute('data-seq')).toBe(false);
    expect(pending.classList.contains('pending')).toBe(true);
    await settle();

    socket().accept();
    socket().push('message.created', server.add('cnv_1', 'bot', 'Try this', { sources: [{ source_id: 'src_1', name: 'Shipping FAQ', excerpt: 'We ship in 2 days' }] }));
    await settle();
    const messages = root.querySelectorAll('[data-engagement="message"]');
    expect(Array.from(messages, (message) => [message.getAttribute('data-sender'), message.getAttribute('data-seq')])).toEqual([['visitor', '1'], ['bot', '2']]);
    expect(messages[0]).toBe(pending);
    expect(messages[0].querySelector('.text').textContent).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelector('img')).toBeNull();
    expect(messages[1].querySelector('.sources li').textContent).toBe('Shipping FAQ');
    expect(messages[1].querySelector('.sources li').title).toBe('We ship in 2 days');

    const handoff = $('[data-engagement="handoff"]');
    expect(handoff.hidden).toBe(false);
    handoff.click();
    await settle();
    expect(server.posts('/cnv_1/handoff')).toHaveLength(1);
    expect(handoff.hidden).toBe(true);
  });

  it('counts replies on the launcher badge while closed, and clears it on open', async () => {
    localStorage.setItem('engagement.widget.eng_pub_test', JSON.stringify({ visitor_token: 'tok_0' }));
    server.conversations.push({ conversation_id: 'cnv_1', status: 'open', visitor_last_read_seq: 1 });
    server.add('cnv_1', 'visitor', 'Hi', { client_id: 'a' });
    const { panel, $ } = mountPanel();
    await settle();
    socket().accept();
    socket().push('message.created', server.add('cnv_1', 'agent', 'Hello!'));
    socket().push('message.created', server.add('cnv_1', 'agent', 'Still there?'));
    const badge = $('[data-engagement="unread"]');
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe('2');
    panel.open();
    expect(badge.hidden).toBe(true);
    await settle();
    expect(server.posts('/cnv_1/read').map((call) => call.body)).toEqual([{ seq: 3 }]);
  });

  it('shows a proactive prompt as a bubble in the panel', () => {
    const { panel, $ } = mountPanel();
    panel.open({ prompt: { prompt_id: 'alt_1', message: 'Need help?' } });
    const quote = $('[data-engagement="prompt-quote"]');
    expect(quote.hidden).toBe(false);
    expect(quote.textContent).toBe('Need help?');
  });

  it('offers a ticket form outside support hours when user tickets are on', async () => {
    const { panel, $ } = mountPanel({ online: false, status_message: 'We are away', user_tickets_enabled: true });
    panel.open();
    expect($('.status').textContent).toBe('We are away');
    expect($('[data-engagement="email-form"]').hidden).toBe(true);
    const toggle = $('[data-engagement="ticket-toggle"]');
    expect(toggle.hidden).toBe(false);
    expect(toggle.open).toBe(false);
    toggle.open = true;
    const form = $('[data-engagement="ticket-form"]');
    form.elements.subject.value = 'Refund';
    form.elements.description.value = 'Order 42 arrived broken';
    form.elements.email.value = 'ann@example.com';
    form.querySelector('button[type="submit"]').click();
    await settle();
    const call = server.posts('/external/v1/tickets')[0];
    expect(call.body).toEqual({ subject: 'Refund', description: 'Order 42 arrived broken', email: 'ann@example.com' });
    expect(call.headers['X-Public-Key']).toBe('eng_pub_test');
    expect(call.headers['Idempotency-Key']).toBeTruthy();
    expect(toggle.hidden).toBe(true);
    expect($('[data-engagement="ticket-confirmation"]').hidden).toBe(false);
    // the e-mail is kept on the visitor too
    expect(server.requests().filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ email: 'ann@example.com' }]);
  });

  it("links the ticket to the conversation it is opened beside, and folds away once an agent answers live", async () => {
    const { panel, $ } = mountPanel({ online: false, status_message: 'We are away', user_tickets_enabled: true });
    panel.open();
    panel.chat.send('Anyone there?');
    await settle();
    socket().accept();
    await settle();
    const form = $('[data-engagement="ticket-form"]');
    form.elements.subject.value = 'Refund';
    form.elements.description.value = 'Order 42';
    form.elements.email.value = 'ann@example.com';
    form.querySelector('button[type="submit"]').click();
    await settle();
    expect(server.posts('/external/v1/tickets')[0].body.conversation_id).toBe('cnv_1');

    const { panel: other, $: $other } = mountPanel({ online: false, status_message: 'We are away', user_tickets_enabled: true });
    other.open();
    other.chat.send('Hello?');
    await settle();
    socket().accept();
    await settle();
    expect($other('[data-engagement="ticket-toggle"]').hidden).toBe(false);
    socket().push('message.created', server.add(other.chat.state.conversation.conversation_id, 'agent', 'Here now!', { sender: { type: 'agent', name: 'Sam' } }));
    expect($other('[data-engagement="ticket-toggle"]').hidden).toBe(true);
  });

  it('tells the visitor a conversation was resolved and asks for a rating', async () => {
    const { panel, $ } = mountPanel();
    panel.open();
    panel.chat.send('Thanks!');
    await settle();
    socket().accept();
    await settle();
    const card = $('[data-engagement="rating"]');
    expect(card.hidden).toBe(true);

    socket().push('conversation.updated', { ...server.conversations[0], status: 'resolved', rating: null });
    expect(card.hidden).toBe(false);
    expect($('[data-engagement="resolved-notice"]').textContent).toContain('resolved');
    expect($('[data-engagement="rating-send"]').disabled).toBe(true);
    $('[data-engagement="rating-star"][data-rating="4"]').click();
    $('[data-engagement="rating-comment"]').value = 'Quick and kind';
    $('[data-engagement="rating-send"]').click();
    await settle();

    expect(server.posts('/cnv_1/rating').map((call) => call.body)).toEqual([{ rating: 4, comment: 'Quick and kind' }]);
    expect(card.hidden).toBe(true);
    expect($('[data-engagement="rating-confirmation"]').textContent).toBe('Thanks for rating us 4 out of 5.');
  });

  it("names the agent who is typing", async () => {
    const { panel, $ } = mountPanel();
    panel.open();
    panel.chat.send('Hi');
    await settle();
    socket().accept();
    await settle();
    socket().push('typing', { conversation_id: 'cnv_1', sender: { type: 'agent', name: 'Sam' }, typing: true });
    expect($('[data-engagement="typing"]').textContent).toBe('Sam is typing…');
  });

  it('asks for an e-mail outside support hours otherwise, making the visitor first', async () => {
    const { panel, $ } = mountPanel({ online: false, status_message: 'We are away' });
    panel.open();
    const form = $('[data-engagement="email-form"]');
    expect($('[data-engagement="ticket-toggle"]').hidden).toBe(true);
    expect(form.hidden).toBe(false);
    form.elements.email.value = 'ann@example.com';
    form.querySelector('button[type="submit"]').click();
    await settle();
    expect(server.requests().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /widget/v1/visitors', 'PATCH /widget/v1/visitors/me']);
    expect(server.requests()[1].body).toEqual({ email: 'ann@example.com' });
    expect(form.hidden).toBe(true);
    expect($('[data-engagement="email-confirmation"]').textContent).toContain('ann@example.com');
  });

  it('does not ask for an e-mail the page already identified', () => {
    window.Engagement = { identity: () => ({ customer_id: null, email: 'ann@example.com', identity_hash: null }) };
    const { $ } = mountPanel({ online: false });
    expect($('[data-engagement="email-form"]').hidden).toBe(true);
    delete window.Engagement;
  });

  it('follows Engagement.identify through its event', async () => {
    const { panel } = mountPanel();
    window.dispatchEvent(new CustomEvent('engagement:identify', { detail: { customer_id: 'cus_1', email: 'a@b.c', identity_hash: 'h' } }));
    panel.chat.send('Hi');
    await settle();
    expect(server.visitors[0].body).toMatchObject({ customer_id: 'cus_1', identity_hash: 'h' });
  });
});
