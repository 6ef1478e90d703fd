import { expect, test } from 'vitest';
import { backoffMs, onClose } from './baileys.reconnect.js';

test('each disconnect code gets its action (protocols.md §1.4)', () => {
  expect(onClose(515, 'Stream Errored (restart required)', 0, 1000)).toEqual({ kind: 'restart' });
  for (const code of [401, 403, 411])
    expect(onClose(code, '', 0, 1000)).toEqual({ kind: 'logout', status: 'DISCONNECTED' });
  for (const code of [405, 440])
    expect(onClose(code, '', 0, 1000)).toEqual({ kind: 'stop', status: 'DISCONNECTED' });
  expect(onClose(408, 'QR refs attempts ended', 0, 1000)).toEqual({ kind: 'stop', status: 'DISCONNECTED' });
  for (const code of [408, 428, 503, undefined])
    expect(onClose(code, 'Connection Closed', 0, 1000).kind).toBe('retry');
});

test('a bad session (500) is retried twice, then wiped to pair again', () => {
  expect(onClose(500, '', 0, 1000).kind).toBe('retry');
  expect(onClose(500, '', 1, 1000).kind).toBe('retry');
  expect(onClose(500, '', 2, 1000)).toEqual({ kind: 'logout', status: 'DISCONNECTED' });
});

test('the retry delay doubles per attempt within ±20 % and stops growing at 5 minutes: never a spin loop', () => {
  const delays = [0, 1, 2, 3].map((attempt) => backoffMs(attempt, 2000));

  expect(delays[0]).toBeGreaterThanOrEqual(1600);
  expect(delays[0]).toBeLessThanOrEqual(2400);
  expect(delays[3]).toBeGreaterThanOrEqual(12_800);
  expect(delays[3]).toBeLessThanOrEqual(19_200);
  expect(backoffMs(30, 2000)).toBeLessThanOrEqual(360_000);
  expect(backoffMs(30, 2000)).toBeGreaterThanOrEqual(240_000);
});
