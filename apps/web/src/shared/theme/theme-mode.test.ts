import { afterEach, describe, expect, test, vi } from 'vitest';
import { resolveThemeMode, setThemeMode } from './theme-mode';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A device whose system asks for `scheme`. */
const prefers = (scheme: 'light' | 'dark') =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === `(prefers-color-scheme: ${scheme})`,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

describe('theme mode', () => {
  test("signed in, the profile's theme wins over this device's last choice", () => {
    setThemeMode('dark');

    expect(resolveThemeMode('light')).toBe('light');
  });

  test("signed out, the device's last choice is kept", () => {
    setThemeMode('dark');

    expect(resolveThemeMode(undefined)).toBe('dark');
  });

  test('signed in, a user who never chose follows the device, not its last sign-in page choice', () => {
    prefers('dark');
    setThemeMode('light');

    expect(resolveThemeMode('system')).toBe('dark');
  });

  test("choosing 'system' forgets the device's last choice", () => {
    prefers('dark');
    setThemeMode('light');
    setThemeMode('system');

    expect(resolveThemeMode(undefined)).toBe('dark');
  });
});
