import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseOf, boot, findScript } from '../src/widget/boot.js';

const CONFIG = {
  theme_color: '#0A7F3F',
  position: 'left',
  welcome_image: 'modern',
  support_name: 'Acme care',
  button_label: 'Ask Acme',
  online_status_message: 'We reply in minutes',
  offline_status_message: 'Away',
  sound_enabled: true,
  identity_verification: 'optional',
  online: true,
  status_message: 'We reply in minutes',
  next_change_at: null,
  user_tickets_enabled: true,
};
const SRC = 'https://gw.example.com/engagement/widget/v1/widget.js';

const answer = (body, status = 200) => Promise.resolve({ ok: status < 300, status, json: async () => body });

function installScript() {
  const script = document.createElement('script');
  script.setAttribute('src', SRC);
  script.setAttribute('data-public-key', 'eng_pub_test');
  script.async = true;
  document.body.appendChild(script);
  return script;
}

describe('loader', () => {
  let prompts;

  beforeEach(() => {
    vi.useFakeTimers();
    prompts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url) => (String(url).includes('/prompts') ? answer({ session_id: 's1', prompts: prompts.splice(0) }) : answer(CONFIG))),
    );
    installScript();
  });

  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    document.head.innerHTML = '';
    delete window.EngagementWidget;
    delete window.EngagementWidgetPanel;
    localStorage.clear();
    sessionStorage.clear();
  });

  const start = async () => {
    const started = boot(findScript());
    await started.ready;
    const host = document.getElementById('engagement-widget');
    return { started, host, root: host.shadowRoot, launcher: host.shadowRoot.querySelector('[data-engagement="launcher"]') };
  };

  it('finds its own script when loaded async (no currentScript) and serves from the gateway prefix', async () => {
    expect(document.currentScript).toBeNull();
    expect(findScript().getAttribute('data-public-key')).toBe('eng_pub_test');
    expect(baseOf(SRC)).toBe('https://gw.example.com/engagement');
    await start();
    expect(fetch).toHaveBeenCalledWith('https://gw.example.com/engagement/widget/v1/config', { headers: { 'X-Public-Key': 'eng_pub_test' } });
  });

  it('draws the launcher in an open shadow root that session replay skips', async () => {
    const { host, root, launcher } = await start();
    expect(host.hasAttribute('data-engagement-block')).toBe(true);
    expect(host.classList.contains('rr-block')).toBe(true);
    expect(root.mode).toBe('open');
    expect(root.querySelector('style').textContent).toContain(':host{all:initial}');
    expect(launcher.tagName).toBe('BUTTON');
    expect(document.querySelector('[data-engagement="launcher"]')).toBeNull();
  });

  it('puts the launcher on the configured side, in the theme colour, with the button label', async () => {
    const { root, launcher } = await start();
    const container = root.querySelector('.root');
    expect(container.getAttribute('data-position')).toBe('left');
    expect(container.style.getPropertyValue('--eng-theme')).toBe('#0A7F3F');
    expect(launcher.querySelector('.label').textContent).toBe('Ask Acme');
    expect(launcher.getAttribute('aria-label')).toBe('Ask Acme');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
  });

  it('falls back to the right side and the default colour on values it does not know', async () => {
    fetch.mockImplementation(() => answer({ ...CONFIG, position: 'middle', theme_color: 'red;}' }));
    const { root } = await start();
    const container = root.querySelector('.root');
    expect(container.getAttribute('data-position')).toBe('right');
    expect(container.style.getPropertyValue('--eng-theme')).toBe('#1F6FEB');
  });

  it('hides the unread badge at zero and shows the count otherwise', async () => {
    const { started, root, launcher } = await start();
    const badge = root.querySelector('[data-engagement="unread"]');
    expect(badge.hidden).toBe(true);
    const view = await started.ready;
    view.setUnread(3);
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe('3');
    expect(launcher.getAttribute('aria-label')).toBe('Ask Acme (3 unread)');
    view.setUnread(0);
    expect(badge.hidden).toBe(true);
  });

  it('fetches the panel on the first open and mounts it through window.EngagementWidgetPanel', async () => {
    const { root, launcher } = await start();
    expect(document.head.querySelector('script')).toBeNull();
    launcher.click();
    const tag = document.head.querySelector('script');
    expect(tag.src).toBe('https://gw.example.com/engagement/widget/v1/widget-panel.js');

    // what widget-panel.js does when it runs
    const panel = { open: vi.fn(), close: vi.fn(), isOpen: vi.fn(() => true) };
    window.EngagementWidgetPanel = { version: 1, mount: vi.fn(() => panel) };
    tag.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);

    const context = window.EngagementWidgetPanel.mount.mock.calls[0][0];
    expect(context).toMatchObject({ version: 1, base: 'https://gw.example.com/engagement', publicKey: 'eng_pub_test', config: CONFIG, root, launcher });
    expect(panel.open).toHaveBeenCalledTimes(1);
    context.onToggle(true);
    expect(launcher.getAttribute('aria-expanded')).toBe('true');

    launcher.click();
    expect(panel.close).toHaveBeenCalled();
    window.EngagementWidget.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(window.EngagementWidgetPanel.mount).toHaveBeenCalledTimes(1);
  });

  it('loads the panel at once, without opening it, for a visitor who chatted before', async () => {
    localStorage.setItem('engagement.widget.eng_pub_test', JSON.stringify({ visitor_token: 'tok' }));
    const panel = { open: vi.fn(), close: vi.fn(), isOpen: () => false };
    window.EngagementWidgetPanel = { version: 1, mount: vi.fn(() => panel) };
    await start();
    await vi.advanceTimersByTimeAsync(0);
    expect(window.EngagementWidgetPanel.mount).toHaveBeenCalledTimes(1);
    expect(panel.open).not.toHaveBeenCalled();
  });

  it('waits for a first open until the panel is wanted when the visitor is new', async () => {
    window.EngagementWidgetPanel = { version: 1, mount: vi.fn() };
    await start();
    await vi.advanceTimersByTimeAsync(0);
    expect(window.EngagementWidgetPanel.mount).not.toHaveBeenCalled();
  });

  it("polls the session's prompts every 15 s and opens the panel with the one clicked", async () => {
    const { root } = await start();
    expect(fetch.mock.calls.filter(([url]) => url.includes('/prompts'))).toHaveLength(0);

    sessionStorage.setItem('engagement.session_id', 'ses_1');
    prompts.push({ prompt_id: 'alt_1', type: 'trigger.technical_assistance', trigger: 'technical_assistance', message: 'Stuck on checkout?', confidence: 0.9, raised_at: '2025-01-01T00:00:00Z' });
    await vi.advanceTimersByTimeAsync(15000);
    const call = fetch.mock.calls.find(([url]) => url.includes('/prompts'));
    expect(call).toEqual(['https://gw.example.com/engagement/widget/v1/prompts?session_id=ses_1', { headers: { 'X-Public-Key': 'eng_pub_test' } }]);

    const bubble = root.querySelector('[data-engagement="prompt"]');
    expect(bubble.hidden).toBe(false);
    expect(bubble.textContent).toContain('Stuck on checkout?');

    const panel = { open: vi.fn(), close: vi.fn(), isOpen: () => false };
    window.EngagementWidgetPanel = { version: 1, mount: () => panel };
    bubble.querySelector('.prompt-text').click();
    await vi.advanceTimersByTimeAsync(0);
    expect(bubble.hidden).toBe(true);
    expect(panel.open).toHaveBeenCalledWith({ prompt: expect.objectContaining({ prompt_id: 'alt_1', message: 'Stuck on checkout?' }) });
  });

  it('lets the visitor dismiss a prompt without opening anything', async () => {
    sessionStorage.setItem('engagement.session_id', 'ses_1');
    prompts.push({ prompt_id: 'alt_2', message: 'Hello?', raised_at: '2025-01-01T00:00:00Z' });
    const { root } = await start();
    await vi.advanceTimersByTimeAsync(0);
    const bubble = root.querySelector('[data-engagement="prompt"]');
    expect(bubble.hidden).toBe(false);
    window.EngagementWidgetPanel = { version: 1, mount: vi.fn() };
    bubble.querySelector('.prompt-close').click();
    await vi.advanceTimersByTimeAsync(0);
    expect(bubble.hidden).toBe(true);
    expect(window.EngagementWidgetPanel.mount).not.toHaveBeenCalled();
  });

  it('draws nothing without a public key', () => {
    document.body.innerHTML = `<script src="${SRC}"></script>`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(boot(findScript())).toBeNull();
    expect(document.getElementById('engagement-widget')).toBeNull();
    warn.mockRestore();
  });
});
