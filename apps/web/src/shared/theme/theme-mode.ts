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
 * Signed in, the theme saved on the user's profile wins, so it follows them across devices; signed
 * out, the device's last choice, then the system's stated preference.
 */
export function resolveThemeMode(userTheme: ThemeMode | undefined): ThemeMode {
  return userTheme ?? storedMode() ?? systemMode() ?? 'light';
}

export function setThemeMode(mode: ThemeMode) {
  localStorage.setItem(THEME_KEY, mode);
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

export function useThemeMode(userTheme: ThemeMode | undefined): ThemeMode {
  return useSyncExternalStore(subscribe, () => resolveThemeMode(userTheme));
}
