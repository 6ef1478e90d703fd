import { afterEach, describe, expect, test } from 'vitest';
import { resolveThemeMode, setThemeMode } from './theme-mode';

afterEach(() => localStorage.clear());

describe('theme mode', () => {
  test("signed in, the profile's theme wins over this device's last choice", () => {
    setThemeMode('dark');

    expect(resolveThemeMode('light')).toBe('light');
  });

  test("signed out, the device's last choice is kept", () => {
    setThemeMode('dark');

    expect(resolveThemeMode(undefined)).toBe('dark');
  });
});
