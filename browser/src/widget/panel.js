/*! Engagement Suite chat widget: the panel, loaded by widget.js on first use. */
import { createChat } from './chat.js';
import { createPanelView } from './panel-view.js';
import { IDENTIFY_EVENT, sdkAnonymousId, sdkIdentity, sdkSessionId } from './sdk.js';
import { beep, unlockSound } from './sound.js';
import { localStore, outboxKey, readJson, visitorKey, writeJson } from './storage.js';

// one chime for a burst of messages (a resume after a reconnect brings several at once)
const QUIET_AFTER_BEEP_MS = 1500;

export function uuid() {
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const random = (Math.random() * 16) | 0;
    return (c === 'x' ? random : (random & 0x3) | 0x8).toString(16);
  });
}

function storeFor(publicKey) {
  const storage = localStore();
  return {
    loadVisitor: () => readJson(storage, visitorKey(publicKey)),
    saveVisitor: (visitor) => writeJson(storage, visitorKey(publicKey), visitor),
    loadOutbox: () => readJson(storage, outboxKey(publicKey)),
    saveOutbox: (entries) => writeJson(storage, outboxKey(publicKey), entries.length ? entries : null),
  };
}

/**
 * The panel's half of the handshake with the loader (boot.js): mount(context) with the context's
 * base, publicKey, config, root (the shadow root), container, launcher, setUnread(count) and
 * onToggle(open); answers {open(options), close(), isOpen()}. Mounting does not open the panel:
 * a returning visitor's panel is mounted at page load to hear replies and count them on the badge.
 * `overrides` replace the browser's fetch, WebSocket and ids in tests.
 */
export function mount(context, overrides = {}) {
  const { config } = context;
  let open = false;
  let lastBeep = 0;

  const chat = createChat({
    base: context.base,
    publicKey: context.publicKey,
    config,
    store: storeFor(context.publicKey),
    sdk: { sessionId: sdkSessionId, anonymousId: sdkAnonymousId, identity: sdkIdentity },
    WebSocketImpl: window.WebSocket,
    uuid,
    pageUrl: () => window.location.href,
    onIncoming: chime,
    ...overrides,
  });
  const view = createPanelView(context, {
    send: chat.send,
    typing: chat.typing,
    handoff: chat.handoff,
    rate: chat.rate,
    saveEmail: ({ email }) => chat.saveEmail(email),
    openTicket: chat.openTicket,
    close: closePanel,
  });

  chat.subscribe(() => {
    view.render(chat);
    context.setUnread(chat.unread());
  });
  window.addEventListener(IDENTIFY_EVENT, (event) => chat.identify(event.detail));
  window.addEventListener('online', chat.reconnect);
  view.prefillEmail(chat.state.identity && chat.state.identity.email);
  view.render(chat);
  chat.start();

  function chime(message) {
    const type = message.sender.type;
    if (!config.sound_enabled || (type !== 'agent' && type !== 'bot') || Date.now() - lastBeep < QUIET_AFTER_BEEP_MS) return;
    lastBeep = Date.now();
    beep();
  }

  function openPanel(options = {}) {
    if (options.prompt) chat.showPrompt(options.prompt);
    if (!open) {
      open = true;
      unlockSound();
      view.setOpen(true);
      chat.setOpen(true);
      context.onToggle(true);
    }
    view.input.focus();
  }

  function closePanel() {
    if (!open) return;
    open = false;
    view.setOpen(false);
    chat.setOpen(false);
    context.onToggle(false);
    context.launcher.focus();
  }

  return { open: openPanel, close: closePanel, isOpen: () => open, chat };
}

window.EngagementWidgetPanel = { version: 1, mount };
