import { createApi, HttpError, isRetryable } from './api.js';
import { backoffDelay } from './backoff.js';
import { createLive } from './live.js';
import { createOutbox } from './outbox.js';
import { hasBotAnswer, isVisitors, lastSeq, merge, pendingOnly, unreadCount } from './thread.js';

const PAGE_SIZE = 200;
const MAX_CONTENT = 5000;
const MAX_PAGE_URL = 2048;
// agents' screens drop a typing flag that is not repeated; the visitor's stops after a pause
const TYPING_REPEAT_MS = 3000;
const TYPING_IDLE_MS = 4000;
// a lost "stopped typing" must not leave the indicator on for ever
const AGENT_TYPING_MS = 8000;
// how many of the newest conversations to look through for one whose creation answer was lost
const RECENT_CONVERSATIONS = 3;
// setTimeout counts in a signed 32-bit int: a later change is picked up by a later page load
const LONGEST_TIMER_MS = 2147483647;

const ignore = () => {};
const compact = (object) => Object.fromEntries(Object.entries(object).filter(([, value]) => value != null && value !== ''));

/** What a visitor claims to be, as the server would verify it: the customer id, else the e-mail. */
export function identityKey(who) {
  if (who && who.customer_id) return `customer:${who.customer_id}`;
  if (who && who.email) return `email:${String(who.email).toLowerCase()}`;
  return null;
}

const pendingOf = (entry) => ({ client_id: entry.client_id, content: entry.content, sender: { type: 'visitor' }, created_at: entry.created_at, pending: true });

/**
 * The chat without its DOM: the visitor, their conversation and its thread, the live connection
 * and the messages waiting to be sent. The panel renders `state` after every change and calls
 * the actions; tests drive it with a fake fetch and a fake WebSocket.
 */
export function createChat(options) {
  const { base, publicKey, config, store, sdk, fetchImpl, WebSocketImpl, uuid, pageUrl, onIncoming = ignore } = options;
  const listeners = new Set();
  const timers = {};
  const state = {
    visitor: store.loadVisitor(),
    identity: sdk.identity(),
    conversation: null,
    thread: [],
    // the last seq received in order (history pages, the socket): where a resume starts
    cursor: 0,
    readSeq: 0,
    // whether the visitor's conversations were listed, so a message never starts a second thread
    loaded: false,
    open: false,
    connected: false,
    delayed: false,
    agentTyping: false,
    online: Boolean(config.online),
    prompt: null,
    ticket: null,
  };
  let retries = 0;
  let wasConnected = false;
  let lastTypingSent = 0;
  let creatingVisitor = null;
  let loading = null;

  const api = createApi({ base, publicKey, fetchImpl, token: () => state.visitor && state.visitor.visitor_token });
  const outbox = createOutbox({ load: store.loadOutbox, save: store.saveOutbox, send: deliver, isRetryable, onFailed: notSent });
  // a ticket refused for a revoked token drops the visitor, as any other call's 401 does
  const liveUrl = () => api.liveUrl().catch((error) => {
    quiet(error);
    throw error;
  });
  const live = createLive({ url: liveUrl, WebSocketImpl, onOpen: connected, onEvent: received, onDown: disconnected });
  state.thread = outbox.entries().map(pendingOf);

  function changed() {
    if (state.open) markRead();
    state.queued = outbox.size();
    // worth telling the visitor: their messages wait, or a connection they had is gone
    state.delayed = retries > 0 || (wasConnected && !state.connected);
    listeners.forEach((listener) => listener(state));
  }

  // ---- the visitor ------------------------------------------------------------------------

  async function start() {
    scheduleStatusChange();
    try {
      if (state.visitor && identityKey(state.identity) && identityKey(state.identity) !== state.visitor.claimed) await replaceVisitor();
      else if (state.visitor) {
        live.start();
        await loadThread();
      }
    } catch (error) {
      quiet(error);
    }
    changed();
    if (outbox.size()) flushOutbox();
  }

  function ensureVisitor() {
    // another tab of the site may have made the visitor since this page loaded
    const madeElsewhere = !state.visitor && store.loadVisitor();
    if (madeElsewhere) {
      state.visitor = madeElsewhere;
      live.start();
    }
    if (state.visitor) return Promise.resolve(state.visitor);
    if (!creatingVisitor) creatingVisitor = createVisitor().finally(() => (creatingVisitor = null));
    return creatingVisitor;
  }

  async function createVisitor() {
    const who = state.identity;
    const ids = compact({ anonymous_id: sdk.anonymousId(), session_id: sdk.sessionId() });
    let issued;
    try {
      issued = await api.createVisitor({ ...ids, ...compact({ customer_id: who && who.customer_id, email: who && who.email, identity_hash: who && who.identity_hash }) });
    } catch (error) {
      // a claim the server will not take (no hash, or a wrong one, while verification is
      // required): chatting anonymously beats not chatting
      if (!(error instanceof HttpError && error.status === 403 && identityKey(who))) throw error;
      issued = await api.createVisitor(ids);
    }
    // `claimed` is what the page said, even when refused: the same claim on the next page must
    // not make yet another visitor
    state.visitor = { ...compact(issued), claimed: identityKey(who) };
    // only a verified visitor can have conversations from before (another device's)
    state.loaded = !issued.verified;
    store.saveVisitor(state.visitor);
    live.start();
    changed();
    return state.visitor;
  }

  async function replaceVisitor() {
    forgetVisitor();
    await ensureVisitor();
    await loadThread();
  }

  function forgetVisitor() {
    live.stop();
    state.connected = wasConnected = false;
    state.visitor = null;
    store.saveVisitor(null);
    forgetConversation();
    state.loaded = false;
  }

  function forgetConversation() {
    state.conversation = null;
    state.thread = pendingOnly(state.thread);
    state.cursor = 0;
    state.readSeq = 0;
  }

  /** A revoked visitor token (401) is dropped; the next message makes a new visitor. */
  function quiet(error) {
    if (error instanceof HttpError && error.status === 401) {
      forgetVisitor();
      changed();
    }
  }

  function identify(who) {
    state.identity = who || null;
    const claim = identityKey(state.identity);
    if (state.visitor && claim && claim !== state.visitor.claimed) replaceVisitor().catch(quiet).then(changed);
    changed();
  }

  // ---- the conversation -------------------------------------------------------------------

  function loadThread() {
    if (!loading) {
      loading = fetchThread()
        .then(() => {
          state.loaded = true;
          changed();
        })
        .finally(() => (loading = null));
    }
    return loading;
  }

  /** The newest conversation still going, else the newest: one thread per visitor. */
  async function fetchThread() {
    const { data } = await api.conversations();
    const chosen = data.find((conversation) => conversation.status !== 'resolved') || data[0];
    if (chosen) {
      adopt(chosen);
      await loadMessages();
    }
  }

  async function loadMessages() {
    const id = state.conversation.conversation_id;
    let after = state.cursor;
    for (;;) {
      const page = await api.messages(id, after, PAGE_SIZE);
      if (!isCurrent(id)) return;
      page.data.forEach((message) => receive(message));
      if (!page.has_more || !page.data.length) return;
      after = page.data[page.data.length - 1].seq;
    }
  }

  const isCurrent = (id) => Boolean(state.conversation && state.conversation.conversation_id === id);

  function adopt(conversation) {
    if (!isCurrent(conversation.conversation_id)) forgetConversation();
    state.conversation = conversation;
    state.readSeq = Math.max(state.readSeq, conversation.visitor_last_read_seq || 0);
  }

  /**
   * `inOrder` messages (history, the socket, a new conversation's thread) move the cursor; a
   * POST's answer does not, as messages before it may still be on their way.
   */
  function receive(message, { live: isLive = false, inOrder = true } = {}) {
    if (!message.sender) return;
    const { thread, added } = merge(state.thread, message);
    state.thread = thread;
    if (inOrder && message.seq > state.cursor) state.cursor = message.seq;
    if (!isVisitors(message)) {
      if (message.sender.type === 'agent') state.agentTyping = false;
      if (added && isLive) onIncoming(message);
    }
  }

  function resume() {
    if (state.conversation) live.send({ action: 'resume', conversation_id: state.conversation.conversation_id, after: state.cursor });
  }

  /** Once per batch of changes, and only for what the visitor has to read (not their own words). */
  function markRead() {
    const seq = lastSeq(state.thread);
    if (!state.conversation || !unreadCount(state.thread, state.readSeq)) return;
    state.readSeq = seq;
    api.read(state.conversation.conversation_id, seq).catch(ignore);
  }

  // ---- live -------------------------------------------------------------------------------

  function connected() {
    state.connected = wasConnected = true;
    (state.loaded ? Promise.resolve() : loadThread()).then(resume, quiet);
    flushOutbox();
    changed();
  }

  function disconnected() {
    state.connected = false;
    changed();
  }

  function received({ event, data }) {
    if (!data) return;
    if (!state.conversation) {
      // a verified visitor's other device, or our own start racing its answer: list again
      if (event === 'message.created') loadThread().then(resume, quiet);
      return;
    }
    if (data.conversation_id !== state.conversation.conversation_id) return;
    if (event === 'message.created') receive(data, { live: true });
    else if (event === 'conversation.updated') adopt(data);
    else if (event === 'typing' && data.sender && data.sender.type !== 'visitor') agentTyping(Boolean(data.typing), data.sender.name);
    changed();
  }

  function agentTyping(typing, name) {
    state.agentTyping = typing;
    state.agentTypingName = name || null;
    clearTimeout(timers.agentTyping);
    if (typing) {
      timers.agentTyping = setTimeout(() => {
        state.agentTyping = false;
        changed();
      }, AGENT_TYPING_MS);
    }
  }

  /** The network is back (the browser says so): try now rather than after the back-off. */
  function reconnect() {
    live.nudge();
    if (outbox.size()) flushOutbox();
  }

  // ---- sending ----------------------------------------------------------------------------

  function send(text) {
    const typed = String(text || '').trim();
    if (!typed) return false;
    stopTyping();
    // a reply to a proactive prompt carries it, so the agent reads what the visitor answered
    const content = (state.prompt ? `> ${state.prompt.message}\n\n${typed}` : typed).slice(0, MAX_CONTENT);
    const entry = { client_id: uuid(), content, page_url: pageUrl().slice(0, MAX_PAGE_URL), created_at: new Date().toISOString() };
    state.prompt = null;
    state.thread = merge(state.thread, pendingOf(entry)).thread;
    outbox.add(entry);
    flushOutbox();
    changed();
    return true;
  }

  function flushOutbox() {
    clearTimeout(timers.retry);
    return outbox.flush().then((delivered) => {
      clearTimeout(timers.retry);
      if (delivered) retries = 0;
      else timers.retry = setTimeout(flushOutbox, backoffDelay(retries++));
      changed();
      return delivered;
    });
  }

  /** One queued message to the server; a retryable failure leaves it first in the queue. */
  async function deliver(entry, retried = false) {
    try {
      await ensureVisitor();
      if (!state.loaded) await loadThread();
      if (state.conversation) {
        const message = await api.postMessage(state.conversation.conversation_id, { content: entry.content, client_id: entry.client_id });
        receive(message, { inOrder: false });
      } else {
        await startWith(entry);
      }
      changed();
    } catch (error) {
      const gone = error instanceof HttpError && (error.status === 401 || error.status === 404);
      if (retried || !gone) throw error;
      // a revoked visitor or an erased conversation: the message starts over, once
      if (error.status === 401) forgetVisitor();
      else forgetConversation();
      return deliver(entry, true);
    }
  }

  /**
   * Creating a conversation is not idempotent on the server: when an earlier attempt may have
   * reached it, look for a conversation opened by this message before creating another.
   */
  async function startWith(entry) {
    if (entry.attempted && (await findStartedBy(entry))) return;
    entry.attempted = true;
    outbox.update(entry);
    const { messages, ...conversation } = await api.startConversation(
      compact({ message: entry.content, client_id: entry.client_id, session_id: sdk.sessionId(), page_url: entry.page_url }),
    );
    adopt(conversation);
    (messages || []).forEach((message) => receive(message));
    resume();
  }

  async function findStartedBy(entry) {
    const { data } = await api.conversations();
    for (const conversation of data.slice(0, RECENT_CONVERSATIONS)) {
      const first = await api.messages(conversation.conversation_id, 0, 1);
      if (first.data.length && first.data[0].client_id === entry.client_id) {
        adopt(conversation);
        await loadMessages();
        resume();
        return true;
      }
    }
    return false;
  }

  function notSent(entry) {
    state.thread = state.thread.map((message) => (message.client_id === entry.client_id && message.pending ? { ...message, failed: true } : message));
    changed();
  }

  function typing() {
    if (!state.conversation) return;
    const now = Date.now();
    if (now - lastTypingSent > TYPING_REPEAT_MS && live.send({ action: 'typing', conversation_id: state.conversation.conversation_id, typing: true })) {
      lastTypingSent = now;
    }
    clearTimeout(timers.typing);
    timers.typing = setTimeout(stopTyping, TYPING_IDLE_MS);
  }

  function stopTyping() {
    clearTimeout(timers.typing);
    if (lastTypingSent && state.conversation) live.send({ action: 'typing', conversation_id: state.conversation.conversation_id, typing: false });
    lastTypingSent = 0;
  }

  // ---- the rest of the panel's actions ----------------------------------------------------

  function setOpen(open) {
    state.open = open;
    changed();
  }

  /** Rates the resolved conversation (a second rating replaces the first). */
  async function rate(rating, comment) {
    if (!state.conversation) return;
    adopt(await api.rate(state.conversation.conversation_id, compact({ rating, comment })));
    changed();
  }

  async function handoff() {
    if (!state.conversation) return;
    adopt(await api.handoff(state.conversation.conversation_id));
    changed();
  }

  async function saveEmail(email) {
    await ensureVisitor();
    const visitor = await api.updateMe({ email });
    state.visitor = { ...state.visitor, email: visitor.email };
    store.saveVisitor(state.visitor);
    changed();
  }

  /**
   * A ticket from the offline form, linked to the conversation it was opened beside; the e-mail it
   * gives is kept on the visitor too, so replies in the conversation can reach them there.
   */
  async function openTicket({ subject, description, email }) {
    const customerId = state.identity && state.identity.customer_id;
    const conversationId = state.conversation && state.conversation.conversation_id;
    state.ticket = await api.openTicket(compact({ subject, description, email, customer_id: customerId, conversation_id: conversationId }), uuid());
    if (email && !(state.visitor && state.visitor.email)) await saveEmail(email).catch(ignore);
    changed();
  }

  function showPrompt(prompt) {
    state.prompt = prompt || null;
    changed();
  }

  /** Support opens or closes while the page stays: switch the status without asking the server. */
  function scheduleStatusChange() {
    const wait = config.next_change_at ? Date.parse(config.next_change_at) - Date.now() : NaN;
    if (!(wait > 0 && wait < LONGEST_TIMER_MS)) return;
    timers.status = setTimeout(() => {
      state.online = !state.online;
      changed();
    }, wait);
  }

  const statusMessage = () => (state.online ? config.online_status_message : config.offline_status_message) || config.status_message || '';

  /** Leaves nothing running: no connection, no timer. */
  function stop() {
    live.stop();
    Object.values(timers).forEach(clearTimeout);
  }

  return {
    state,
    start,
    stop,
    send,
    typing,
    identify,
    reconnect,
    setOpen,
    handoff,
    rate,
    saveEmail,
    openTicket,
    showPrompt,
    flush: flushOutbox,
    subscribe: (listener) => listeners.add(listener),
    unread: () => (state.open ? 0 : unreadCount(state.thread, state.readSeq)),
    isResolved: () => Boolean(state.conversation && state.conversation.status === 'resolved'),
    rating: () => (state.conversation && state.conversation.rating) || null,
    /** Someone on the team has answered in this conversation: the offline forms step aside for the live reply. */
    answeredLive: () => state.thread.some((message) => message.sender && message.sender.type === 'agent'),
    canHandOff: () => Boolean(state.conversation && state.conversation.status === 'pending' && hasBotAnswer(state.thread)),
    hasEmail: () => Boolean((state.visitor && state.visitor.email) || (state.identity && state.identity.email)),
    statusMessage,
  };
}
