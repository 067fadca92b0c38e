import { textOn, themeColor } from './color.js';

// Everything the page could style is reset on the host; the page never sees inside the shadow root.
const CSS = `
:host{all:initial}
[hidden]{display:none!important}
.root{--eng-z:2147483000;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328}
.launcher,.prompt{position:fixed;bottom:20px;z-index:var(--eng-z)}
.launcher{display:flex;align-items:center;gap:8px;height:52px;min-width:52px;padding:0 18px;border:0;border-radius:26px;
background:var(--eng-theme);color:var(--eng-on-theme);font:inherit;font-size:15px;font-weight:600;line-height:1;cursor:pointer;
box-shadow:0 4px 16px rgba(0,0,0,.2)}
.launcher:focus-visible,.prompt button:focus-visible{outline:3px solid #1f2328;outline-offset:2px}
.launcher svg{width:22px;height:22px;fill:currentColor;flex:none}
.badge{position:absolute;top:-6px;right:-6px;min-width:20px;height:20px;padding:0 5px;box-sizing:border-box;border-radius:10px;
background:#d1242f;color:#fff;font:inherit;font-size:12px;font-weight:700;line-height:20px;text-align:center}
.prompt{bottom:84px;display:flex;align-items:flex-start;max-width:min(300px,calc(100vw - 40px));background:#fff;border-radius:12px;
box-shadow:0 4px 16px rgba(0,0,0,.18)}
.prompt-text{flex:1;padding:12px 4px 12px 14px;border:0;background:none;color:inherit;font:inherit;text-align:left;cursor:pointer;white-space:pre-wrap}
.prompt-close{padding:8px 10px;border:0;background:none;color:#57606a;font:inherit;font-size:18px;line-height:1;cursor:pointer}
[data-position=right] .launcher,[data-position=right] .prompt{right:20px}
[data-position=left] .launcher,[data-position=left] .prompt{left:20px}`;

const ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/></svg>';

/**
 * Draws the host element, its shadow root and the launcher; the panel's code draws the rest into
 * `container` later. The host is marked so session replay never records it.
 */
export function drawLauncher(config, { onLauncher, onPrompt }) {
  const host = document.createElement('div');
  host.id = 'engagement-widget';
  host.className = 'rr-block';
  host.setAttribute('data-engagement-block', '');
  const root = host.attachShadow({ mode: 'open' });
  // static markup only: configured text goes in through textContent below
  root.innerHTML = `<style>${CSS}</style><div class="root">
<div class="prompt" data-engagement="prompt" hidden><button type="button" class="prompt-text"></button><button type="button" class="prompt-close" aria-label="Dismiss">\u00d7</button></div>
<button type="button" class="launcher" data-engagement="launcher" aria-haspopup="dialog" aria-expanded="false">${ICON}<span class="label"></span><span class="badge" data-engagement="unread" aria-hidden="true" hidden>0</span></button>
</div>`;
  const $ = (selector) => root.querySelector(selector);
  const container = $('.root');
  const launcher = $('.launcher');
  const badge = $('.badge');
  const prompt = $('.prompt');
  const label = config.button_label || '';
  const theme = themeColor(config.theme_color);
  let shownPrompt = null;

  container.setAttribute('data-position', config.position === 'left' ? 'left' : 'right');
  container.style.setProperty('--eng-theme', theme);
  container.style.setProperty('--eng-on-theme', textOn(theme));
  $('.label').textContent = label;
  launcher.setAttribute('aria-label', label || 'Open chat');
  launcher.addEventListener('click', onLauncher);
  prompt.addEventListener('click', (event) => {
    const chosen = shownPrompt;
    hidePrompt();
    if (!event.target.closest('.prompt-close')) onPrompt(chosen);
  });
  document.body.appendChild(host);

  function setUnread(count) {
    badge.textContent = count > 99 ? '99+' : String(count);
    badge.hidden = !(count > 0);
    launcher.setAttribute('aria-label', count > 0 ? `${label || 'Open chat'} (${count} unread)` : label || 'Open chat');
  }

  function showPrompt(next) {
    shownPrompt = next;
    $('.prompt-text').textContent = next.message;
    prompt.hidden = false;
  }

  function hidePrompt() {
    shownPrompt = null;
    prompt.hidden = true;
  }

  const setExpanded = (open) => launcher.setAttribute('aria-expanded', String(open));

  return { host, root, container, launcher, setUnread, setExpanded, showPrompt, hidePrompt };
}
