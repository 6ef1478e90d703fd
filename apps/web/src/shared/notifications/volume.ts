import { useSyncExternalStore } from 'react';

const VOLUME_KEY = 'volume';
const listeners = new Set<() => void>();

/** Notification sound volume, 0 to 1, kept on this device. */
export function getVolume(): number {
  const value = Number.parseFloat(localStorage.getItem(VOLUME_KEY) ?? '');
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

export function setVolume(volume: number) {
  localStorage.setItem(VOLUME_KEY, String(volume));
  for (const listener of listeners) listener();
}

export function useVolume(): number {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, getVolume);
}
