// A short two-tone chime made with WebAudio: no audio file to fetch, nothing to cache.

let context = null;

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!context && Context) context = new Context();
  return context;
}

/**
 * Browsers keep audio muted until the visitor interacts with the page: called from the click that
 * opens the panel, so later messages can be heard while it is closed.
 */
export function unlockSound() {
  try {
    const ready = audio();
    if (ready && ready.state === 'suspended') ready.resume().catch(() => {});
  } catch (unsupported) {
    // silence is fine
  }
}

export function beep() {
  try {
    const ready = audio();
    if (!ready || ready.state !== 'running') return;
    const start = ready.currentTime;
    const gain = ready.createGain();
    gain.connect(ready.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    [880, 1320].forEach((frequency, index) => {
      const tone = ready.createOscillator();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(frequency, start + index * 0.1);
      tone.connect(gain);
      tone.start(start + index * 0.1);
      tone.stop(start + 0.3);
    });
  } catch (unsupported) {
    // silence is fine
  }
}
