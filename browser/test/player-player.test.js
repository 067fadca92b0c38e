import { afterEach, describe, expect, it } from 'vitest';
import { createPlayer, flattenChunks } from '../src/player/player.js';

// jsdom has no iframe.sandbox token list, which rrweb checks before it rebuilds a page into its iframe
if (!('sandbox' in HTMLIFrameElement.prototype)) {
  Object.defineProperty(HTMLIFrameElement.prototype, 'sandbox', {
    get() { return (this.getAttribute('sandbox') || '').split(/\s+/).filter(Boolean); },
  });
}

const T0 = Date.parse('2026-05-01T10:00:00Z');
function recording() {
  return flattenChunks([{ sequence: 0, events: [
    { type: 4, timestamp: T0, data: { href: 'https://shop.example/pricing', width: 1000, height: 500 } },
    { type: 2, timestamp: T0 + 1, data: { initialOffset: { top: 0, left: 0 }, node: { type: 0, id: 1, childNodes: [
      { type: 1, id: 2, name: 'html', publicId: '', systemId: '' },
      { type: 2, id: 3, tagName: 'html', attributes: {}, childNodes: [
        { type: 2, id: 4, tagName: 'head', attributes: {}, childNodes: [] },
        { type: 2, id: 5, tagName: 'body', attributes: {}, childNodes: [
          { type: 2, id: 6, tagName: 'button', attributes: { id: 'buy' }, childNodes: [{ type: 3, id: 7, textContent: '***' }] },
        ] },
      ] },
    ] } } },
    { type: 3, timestamp: T0 + 2000, data: { source: 2, type: 2, id: 6, x: 5, y: 5 } },
    { type: 3, timestamp: T0 + 10_000, data: { source: 1, positions: [{ x: 1, y: 1, id: 5, timeOffset: 0 }] } },
  ] }]);
}

let container;

/** A player whose recorded page may scroll: jsdom implements no window.scrollTo, which rrweb calls on its iframe. */
function playerOf(events, options) {
  const player = createPlayer(container, events, options);
  container.querySelector('iframe').contentWindow.scrollTo = () => {};
  return player;
}

afterEach(() => container?.remove());

describe('createPlayer', () => {
  it('refusesARecordingWithoutAFullSnapshot', () => {
    container = document.body.appendChild(document.createElement('div'));
    expect(() => createPlayer(container, [{ type: 4, timestamp: 1, data: {} }])).toThrow(/full page snapshot/);
    expect(container.children.length).toBe(0);
  });

  it('drawsItsControlsAndKnowsTheRecordingsSpan', () => {
    container = document.body.appendChild(document.createElement('div'));
    const player = playerOf(recording());
    expect(player.startTime).toBe(T0);
    expect(player.duration).toBe(10_000);
    expect(container.querySelector('.replay-stage iframe')).not.toBeNull();
    const play = container.querySelector('button.replay-play');
    expect(play.textContent).toBe('Play');
    const scrubber = container.querySelector('input[type=range]');
    expect(scrubber.max).toBe('10000');
    expect(container.querySelector('.replay-clock').textContent).toBe('0:00 / 0:10');
    player.destroy();
    expect(container.children.length).toBe(0);
  });

  it('seeksAndReportsThePosition', () => {
    container = document.body.appendChild(document.createElement('div'));
    const times = [];
    const player = playerOf(recording(), { onTime: ms => times.push(ms) });
    player.seek(4_000);
    expect(container.querySelector('iframe').contentDocument.getElementById('buy')).not.toBeNull();
    expect(player.currentTime).toBe(4_000);
    expect(times.at(-1)).toBe(4_000);
    expect(container.querySelector('input[type=range]').value).toBe('4000');
    player.seek(99_999);
    expect(player.currentTime).toBe(10_000);
    player.seek(-3);
    expect(player.currentTime).toBe(0);
    player.destroy();
  });

  it('togglesBetweenPlayAndPause', () => {
    container = document.body.appendChild(document.createElement('div'));
    const states = [];
    const player = playerOf(recording(), { onState: playing => states.push(playing) });
    const button = container.querySelector('button.replay-play');
    button.click();
    expect(player.playing).toBe(true);
    expect(button.textContent).toBe('Pause');
    button.click();
    expect(player.playing).toBe(false);
    expect(button.getAttribute('aria-label')).toBe('Play');
    expect(states).toEqual([true, false]);
    player.destroy();
  });
});
