/*!
 * Engagement Suite replay player: rrweb's Replayer (MIT) with a play/pause button, a scrubber and
 * a speed choice, for the console's session page. Served at /console/browser/replay-player.js with
 * rrweb's stylesheet beside it (replay-player.css); nothing is fetched from a third party.
 */
import { Replayer } from 'rrweb';
import { adaptStyles } from './csp-styles.js';
import { formatTime, isPlayable } from './timeline.js';

export { flattenChunks, formatTime, isPlayable, timelineMarkers, displayUrl, MARKER_KINDS, MARKER_LABELS } from './timeline.js';

const SPEEDS = [1, 2, 4, 8];
const TICK_MS = 200;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'class') node.className = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

/**
 * Plays `events` (rrweb events, as flattenChunks gives them) inside `container`.
 *
 * Options: `onTime(ms)` is called with the position (ms from the first event) as it moves, on
 * seeks too; `onState(playing)` when it starts or stops; `speed` (1); `skipInactive` (false);
 * `cspStyles` (true: the recording's inline styles are applied through CSSOM, so they survive a
 * Content-Security-Policy without 'unsafe-inline' such as the console's).
 *
 * Returns `{play(), pause(), toggle(), seek(ms), setSpeed(n), currentTime, playing, duration,
 * startTime, endTime, element, replayer, destroy()}`. Throws when the events hold no Meta and
 * FullSnapshot event, without which rrweb shows nothing.
 */
export function createPlayer(container, events, options = {}) {
  if (!isPlayable(events)) {
    const error = new Error('The recording has no full page snapshot to start from.');
    error.code = 'not_playable';
    throw error;
  }
  const { onTime = () => {}, onState = () => {}, speed = 1, skipInactive = false, cspStyles = true } = options;

  const stage = el('div', { class: 'replay-stage' });
  const playButton = el('button', { type: 'button', class: 'replay-play', 'aria-label': 'Play' }, 'Play');
  const scrubber = el('input', { type: 'range', class: 'replay-scrubber', min: '0', step: '1', value: '0', 'aria-label': 'Playback position' });
  const clock = el('span', { class: 'replay-clock', 'aria-hidden': 'true' });
  const speedSelect = el('select', { class: 'replay-speed', 'aria-label': 'Playback speed' },
    ...SPEEDS.map(s => el('option', { value: String(s), selected: s === speed }, `${s}×`)));
  const skipBox = el('input', { type: 'checkbox', class: 'replay-skip', checked: skipInactive });
  const skipLabel = el('label', { class: 'replay-skip-label' }, skipBox, ' Skip inactivity');
  const controls = el('div', { class: 'replay-controls' }, playButton, scrubber, clock, speedSelect, skipLabel);
  const root = el('div', { class: 'replay-player' }, stage, controls);
  // layout the player cannot do without, whatever the host's stylesheet says
  stage.style.position = 'relative';
  stage.style.overflow = 'hidden';
  stage.style.width = '100%';
  container.append(root);

  const replayer = new Replayer(events, {
    root: stage,
    speed,
    skipInactive,
    mouseTail: false,
    showWarning: false,
    triggerFocus: false,
  });
  const meta = replayer.getMetaData();
  const duration = Math.max(0, meta.totalTime);
  scrubber.max = String(duration);

  const styles = cspStyles === false ? { rebuilt() {}, destroy() {} } : adaptStyles(replayer.iframe);

  let viewport = { width: 0, height: 0 };
  let playing = false;
  let position = 0;
  let timer = null;
  let destroyed = false;

  function fit() {
    if (!viewport.width || !viewport.height) return;
    const available = stage.clientWidth || container.clientWidth || viewport.width;
    // the whole page in view: at most the container's width and most of the window's height
    const tallest = (window.innerHeight || viewport.height) * 0.7;
    const scale = Math.min(1, available / viewport.width, tallest / viewport.height);
    const left = Math.max(0, (available - viewport.width * scale) / 2);
    const wrapper = replayer.wrapper;
    wrapper.style.width = `${viewport.width}px`;
    wrapper.style.height = `${viewport.height}px`;
    wrapper.style.transformOrigin = '0 0';
    wrapper.style.transform = `translate(${left}px, 0) scale(${scale})`;
    stage.style.height = `${Math.ceil(viewport.height * scale)}px`;
  }

  function show(ms) {
    position = Math.min(duration, Math.max(0, ms));
    scrubber.value = String(Math.round(position));
    const text = `${formatTime(position)} / ${formatTime(duration)}`;
    clock.textContent = text;
    scrubber.setAttribute('aria-valuetext', text.replace(' / ', ' of '));
    onTime(position);
  }

  function setPlaying(value) {
    if (playing === value) return;
    playing = value;
    playButton.textContent = value ? 'Pause' : 'Play';
    playButton.setAttribute('aria-label', value ? 'Pause' : 'Play');
    if (value && !timer) timer = setInterval(() => show(replayer.getCurrentTime()), TICK_MS);
    if (!value && timer) {
      clearInterval(timer);
      timer = null;
    }
    onState(value);
  }

  const api = {
    get duration() { return duration; },
    get startTime() { return meta.startTime; },
    get endTime() { return meta.endTime; },
    get currentTime() { return playing ? Math.min(duration, replayer.getCurrentTime()) : position; },
    get playing() { return playing; },
    element: root,
    replayer,
    play() {
      if (destroyed) return;
      const from = position >= duration ? 0 : position;
      replayer.play(from);
      show(from);
      setPlaying(true);
    },
    pause() {
      if (destroyed) return;
      if (playing) {
        const at = Math.min(duration, replayer.getCurrentTime());
        replayer.pause();
        show(at);
      }
      setPlaying(false);
    },
    toggle() {
      if (playing) api.pause();
      else api.play();
    },
    /**
     * Moves to `ms` from the recording's start, showing the page once every event up to and
     * including that moment is applied (rrweb applies only those strictly before); keeps playing if it was.
     */
    seek(ms) {
      if (destroyed) return;
      const to = Math.min(duration, Math.max(0, Number(ms) || 0));
      if (playing) replayer.play(to);
      else replayer.pause(to + 1);
      show(to);
    },
    setSpeed(value) {
      replayer.setConfig({ speed: Number(value) || 1 });
      speedSelect.value = String(value);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      setPlaying(false);
      resizeObserver?.disconnect();
      window.removeEventListener('resize', fit);
      styles.destroy();
      try { replayer.destroy(); } catch { /* already detached */ }
      root.remove();
    },
  };

  replayer.on('resize', dimension => {
    viewport = { width: Number(dimension.width) || 0, height: Number(dimension.height) || 0 };
    fit();
  });
  replayer.on('fullsnapshot-rebuilded', () => styles.rebuilt());
  replayer.on('finish', () => {
    show(duration);
    setPlaying(false);
  });

  playButton.addEventListener('click', () => api.toggle());
  let pendingSeek = null;
  scrubber.addEventListener('input', () => {
    // a drag fires many inputs: seek once a frame at most
    const wanted = Number(scrubber.value);
    show(wanted);
    if (pendingSeek !== null) {
      pendingSeek = wanted;
      return;
    }
    pendingSeek = wanted;
    requestAnimationFrame(() => {
      const to = pendingSeek;
      pendingSeek = null;
      api.seek(to);
    });
  });
  speedSelect.addEventListener('change', () => api.setSpeed(speedSelect.value));
  skipBox.addEventListener('change', () => replayer.setConfig({ skipInactive: skipBox.checked }));

  const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(() => fit()) : null;
  if (resizeObserver) resizeObserver.observe(stage);
  else window.addEventListener('resize', fit);

  // rrweb draws the first frame on its own a moment after construction; pausing at 0 makes it now
  replayer.pause(0);
  show(0);
  return api;
}
