/**
 * The notification chime, synthesised with the Web Audio API: two short sine notes, no sound file
 * to ship. Browsers keep audio suspended until the user interacts with the page, hence `unlockSound`.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  context ??= new AudioContext();
  return context;
}

/** Call from a user gesture (a click, a key) so later chimes may play. */
export function unlockSound() {
  void audio()?.resume();
}

/** Plays the chime at `volume` (0 to 1, the top bar's slider). */
export function playNotificationSound(volume: number) {
  const ctx = audio();
  // A context still waiting for a gesture would queue the chime and play it late, at the first click.
  if (ctx?.state !== 'running' || volume <= 0) return;
  const start = ctx.currentTime;
  [880, 1318.5].forEach((frequency, i) => {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    const at = start + i * 0.13;
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35 * volume, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.3);
  });
}
