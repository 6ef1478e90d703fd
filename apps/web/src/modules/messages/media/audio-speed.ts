/** Spec 000 §9: audio plays at these speeds; the choice is kept in this browser for every audio. */
const AUDIO_SPEEDS = [0.5, 1, 1.5, 2] as const;
const STORAGE_KEY = 'audioPlaybackRate';

export function savedAudioSpeed(): number {
  const stored = Number(localStorage.getItem(STORAGE_KEY));
  return (AUDIO_SPEEDS as readonly number[]).includes(stored) ? stored : 1;
}

/** The next speed after `current`, back to the slowest after the fastest; remembered for next time. */
export function nextAudioSpeed(current: number): number {
  const index = (AUDIO_SPEEDS as readonly number[]).indexOf(current);
  const next = AUDIO_SPEEDS[(index + 1) % AUDIO_SPEEDS.length] ?? 1;
  localStorage.setItem(STORAGE_KEY, String(next));
  return next;
}
