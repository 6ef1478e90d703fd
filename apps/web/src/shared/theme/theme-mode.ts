import type { ThemePreference } from '@balcao/shared';
import { useSyncExternalStore } from 'react';

export type ThemeMode = 'light' | 'dark';

const THEME_KEY = 'theme';
const listeners = new Set<() => void>();

function storedMode(): ThemeMode | null {
  const value = localStorage.getItem(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

function systemMode(): ThemeMode | null {
  if (typeof window.matchMedia !== 'function') return null;
  if (window.matchMedia('(prefers-color-scheme: dark)').matches) return 'dark';
  if (window.matchMedia('(prefers-color-scheme: light)').matches) return 'light';
  return null;
}

/**
 * Signed in, the theme the user chose wins, so it follows them across devices; one who never chose
 * ('system') sees the device's preference. Signed out, the device's last choice, then its preference.
 */
export function resolveThemeMode(userTheme: ThemePreference | undefined): ThemeMode {
  if (userTheme === 'light' || userTheme === 'dark') return userTheme;
  return (userTheme ? null : storedMode()) ?? systemMode() ?? 'light';
}

/** A choice made on this device, kept for its sign-in page; 'system' forgets it. */
export function setThemeMode(mode: ThemePreference) {
  if (mode === 'system') localStorage.removeItem(THEME_KEY);
  else localStorage.setItem(THEME_KEY, mode);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
  };
}

export function useThemeMode(userTheme: ThemePreference | undefined): ThemeMode {
  return useSyncExternalStore(subscribe, () => resolveThemeMode(userTheme));
}
