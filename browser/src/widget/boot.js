import { drawLauncher } from './launcher.js';
import { sdkSessionId } from './sdk.js';
import { hasVisitorState } from './storage.js';

const PROMPT_POLL_MS = 15000;
const SCRIPT_PATH = '/widget/v1/widget.js';

/** Loaded async, the script is no longer document.currentScript: find it by its address. */
export const findScript = () => document.currentScript || document.querySelector(`script[src*="${SCRIPT_PATH}"]`);

/** The gateway's address, with any path prefix it is served under. */
export function baseOf(src) {
  const at = src.indexOf(SCRIPT_PATH);
  return at < 0 ? new URL(src, window.location.href).origin : src.slice(0, at);
}

/**
 * Starts the widget for the site's script tag: the launcher, the prompts, and the panel's code
 * when needed. The panel registers itself as window.EngagementWidgetPanel = {version, mount};
 * the loader injects its script once, waits for the tag's load event (the code has run by then),
 * and mounts it with what it needs (see mount()).
 */
export function boot(script) {
  const publicKey = script && script.getAttribute('data-public-key');
  if (!publicKey) {
    console.warn('[engagement] the widget script needs data-public-key');
    return null;
  }
  const base = baseOf(script.src);
  let view = null;
  let config = null;
  let panel = null;
  let loadingPanel = null;
  let wanted = null;

  const get = (path) =>
    fetch(base + path, { headers: { 'X-Public-Key': publicKey } }).then((response) =>
      response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
    );

  const widget = { open: (options) => open(options), close, toggle };
  window.EngagementWidget = widget;

  const ready = get('/widget/v1/config').then(
    (loaded) => {
      config = loaded;
      view = drawLauncher(config, { onLauncher: toggle, onPrompt: (prompt) => open({ prompt }) });
      // a returning visitor may be answered while the panel is closed: its code keeps the live
      // connection that counts the unread badge, so it comes at once, in the background
      if (hasVisitorState(publicKey)) loadPanel().catch(warn);
      if (wanted) open(wanted);
      pollPrompts();
      return view;
    },
    (error) => warn(error),
  );

  function loadPanel() {
    if (!loadingPanel) {
      loadingPanel = panelCode().then(mount, (error) => {
        loadingPanel = null;
        throw error;
      });
    }
    return loadingPanel;
  }

  function panelCode() {
    return new Promise((resolve, reject) => {
      if (window.EngagementWidgetPanel) return resolve(window.EngagementWidgetPanel);
      const tag = document.createElement('script');
      tag.src = `${base}/widget/v1/widget-panel.js`;
      tag.async = true;
      tag.onload = () => (window.EngagementWidgetPanel ? resolve(window.EngagementWidgetPanel) : reject(new Error('the panel did not register')));
      tag.onerror = () => {
        tag.remove();
        reject(new Error('the panel could not be loaded'));
      };
      document.head.appendChild(tag);
    });
  }

  /** The loader's half of the handshake: everything the panel needs, and the badge to count on. */
  function mount(code) {
    panel = code.mount({
      version: 1,
      base,
      publicKey,
      config,
      root: view.root,
      container: view.container,
      launcher: view.launcher,
      setUnread: view.setUnread,
      onToggle: view.setExpanded,
    });
    return panel;
  }

  function open(options) {
    if (!view) {
      wanted = options || {};
      return;
    }
    view.hidePrompt();
    loadPanel().then((loaded) => loaded.open(options || {}), warn);
  }

  function close() {
    wanted = null;
    if (panel) panel.close();
  }

  function toggle() {
    if (panel && panel.isOpen()) close();
    else open();
  }

  function pollPrompts() {
    const poll = () => {
      const sessionId = sdkSessionId();
      if (!sessionId || document.hidden) return;
      get(`/widget/v1/prompts?session_id=${encodeURIComponent(sessionId)}`).then(({ prompts }) => {
        const newest = (prompts || []).reduce((last, prompt) => (!last || prompt.raised_at > last.raised_at ? prompt : last), null);
        if (!newest) return;
        if (panel && panel.isOpen()) panel.open({ prompt: newest });
        else view.showPrompt(newest);
      }, () => {
        // prompts are a nicety: a failed poll waits for the next one without a word
      });
    };
    poll();
    setInterval(poll, PROMPT_POLL_MS);
  }

  return { ready, widget, loadPanel };
}

function warn(error) {
  console.warn('[engagement] widget:', error && error.message ? error.message : error);
}
