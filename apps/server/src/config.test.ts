import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.js';

const secret = 'x'.repeat(32);

describe('production start', () => {
  test('a public production install refuses to start without its own secrets, saying what to set', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://atende.example.com' });
    expect(start).toThrow(/set JWT_SECRET.*set SECRET_BOX_KEY/);
  });

  test('nor on plain http', () => {
    const start = () =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://atende.example.com',
        JWT_SECRET: secret,
        SECRET_BOX_KEY: secret,
      });
    expect(start).toThrow(/PUBLIC_URL must start with https:\/\//);
  });

  test('starts with both secrets on https', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://atende.example.com',
      JWT_SECRET: secret,
      SECRET_BOX_KEY: secret,
    });
    expect(config.secureCookies).toBe(true);
  });

  test('a local production run without a public address still starts with generated secrets', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).jwtSecret).toBeUndefined();
  });
});
