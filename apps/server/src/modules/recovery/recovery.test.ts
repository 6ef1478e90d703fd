import { randomInt, randomUUID } from 'node:crypto';
import { PLATFORM_COMPANY_ID } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createUser, PASSWORD } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections } from '../../db/schema/index.js';

const app = await createTestApp();
/** What the platform company's WhatsApp connection was asked to send, in order. */
const sent: { number: string; body: string }[] = [];
const NEW_PASSWORD = 'Brand-new-Pass9';
let platformConnection: number | undefined;

beforeAll(async () => {
  app.deps.channels.set('recovery-phone', {
    send: async () => ({ externalId: 'x', ack: 1 }),
    notify: async ({ number, body }) => {
      sent.push({ number, body });
    },
  });
  const [connection] = await app.deps.db
    .insert(connections)
    .values({
      companyId: PLATFORM_COMPANY_ID,
      name: 'Balcão',
      channel: 'recovery-phone',
      status: 'CONNECTED',
      token: randomUUID().replaceAll('-', ''),
    })
    .returning();
  platformConnection = connection?.id;
});
afterAll(async () => {
  // The database outlives this file: the next file's app must not find this connection.
  if (platformConnection) await app.deps.db.delete(connections).where(eq(connections.id, platformConnection));
  await app.close();
});

/** Each test asks from an address of its own, so the per-address limits of one never reach another. */
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const newNumber = () => `55119${String(randomInt(10_000_000, 99_999_999))}`;

async function send(method: 'POST' | 'PUT', url: string, body: object, address: string) {
  const response = await app.inject({ method, url, payload: body, remoteAddress: address });
  return { status: response.statusCode, body: response.json(), response };
}

const askCode = (number: string, address: string) =>
  send('POST', '/api/enviar-email', { wpp: number }, address);
const checkCode = (number: string, code: string, address: string) =>
  send('POST', `/api/verificar-code/${number}`, { code }, address);
const setPassword = (token: string, address: string) =>
  send('PUT', '/api/atualizar-senha', { token, newPassword: NEW_PASSWORD }, address);

/** The code of the latest message the number got, once the job has sent it. */
async function codeSentTo(number: string, count = 1): Promise<string> {
  const mine = await waitFor(
    async () => sent.filter((m) => m.number === number),
    (list) => list.length >= count,
    10_000,
  );
  const code = /\b(\d{6})\b/.exec(mine.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`no code reached ${number}`);
  return code;
}

async function userWithNumber(typed: string) {
  const tenant = await createTenant(app);
  return createUser(app, tenant.companyId, { wpp: typed, language: 'en' });
}

const signIn = (email: string, password: string, address: string) =>
  send('POST', '/auth/login', { email, password }, address);

describe('recovery by WhatsApp code', () => {
  test('a user who forgot the password gets a code, proves it, and signs in with the new password; the old sign-in ends', async () => {
    const address = newAddress();
    const number = newNumber();
    // The profile may hold the number with its punctuation; the page sends the digits.
    const user = await userWithNumber(`+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`);
    const before = await signIn(user.email, PASSWORD, address);
    const oldRefresh = before.response.cookies.find((c) => c.name === 'jrt')?.value;

    const asked = await askCode(number, address);
    expect(asked).toMatchObject({ status: 200, body: {} });
    const code = await codeSentTo(number);
    expect(sent.find((m) => m.number === number)?.body).toContain('Your verification code is');

    const checked = await checkCode(number, code, address);
    expect(checked.status).toBe(200);
    // Only the one-time token: never the code.
    expect(Object.keys(checked.body)).toEqual(['token']);
    expect(JSON.stringify(checked.body)).not.toContain(code);

    expect(await setPassword(checked.body.token, address)).toMatchObject({ status: 200 });
    // Checked before signing in again, which would end the old sign-in by itself.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      headers: { cookie: `jrt=${oldRefresh}` },
    });
    expect(refreshed.json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    expect((await signIn(user.email, PASSWORD, address)).body).toMatchObject({
      error: 'ERR_INVALID_CREDENTIALS',
    });
    expect((await signIn(user.email, NEW_PASSWORD, address)).status).toBe(200);
  });

  test('a wrong code twice spends the code: the right one is refused after it (the page then sends the user to /login)', async () => {
    const address = newAddress();
    const number = newNumber();
    await userWithNumber(number);
    await askCode(number, address);
    const code = await codeSentTo(number);
    const wrong = code === '000000' ? '111111' : '000000';

    expect((await checkCode(number, wrong, address)).body).toMatchObject({
      error: 'ERR_INVALID_RECOVERY_CODE',
    });
    expect((await checkCode(number, wrong, address)).body).toMatchObject({
      error: 'ERR_INVALID_RECOVERY_CODE',
    });
    expect((await checkCode(number, code, address)).body).toMatchObject({
      error: 'ERR_INVALID_RECOVERY_CODE',
    });
  });

  test('one wrong code still leaves the second try', async () => {
    const address = newAddress();
    const number = newNumber();
    await userWithNumber(number);
    await askCode(number, address);
    const code = await codeSentTo(number);
    const wrong = code === '000000' ? '111111' : '000000';

    expect((await checkCode(number, wrong, address)).status).toBe(400);
    expect((await checkCode(number, code, address)).status).toBe(200);
  });

  test('tries sent at once cannot outrun the limit of two', async () => {
    const address = newAddress();
    const number = newNumber();
    await userWithNumber(number);
    await askCode(number, address);
    const code = await codeSentTo(number);
    const wrongs = ['000000', '111111', '222222', '333333'].filter((c) => c !== code).slice(0, 3);

    await Promise.all(wrongs.map((wrong) => checkCode(number, wrong, address)));
    expect((await checkCode(number, code, address)).body).toMatchObject({
      error: 'ERR_INVALID_RECOVERY_CODE',
    });
  });

  test('a code past its ten minutes is refused', async () => {
    const address = newAddress();
    const number = newNumber();
    await userWithNumber(number);
    await askCode(number, address);
    const code = await codeSentTo(number);
    const later = Date.now() + 11 * 60_000;
    app.deps.now = () => new Date(later);
    try {
      expect((await checkCode(number, code, address)).body).toMatchObject({
        error: 'ERR_INVALID_RECOVERY_CODE',
      });
    } finally {
      app.deps.now = () => new Date();
    }
  });

  test('a proven code and its token are each used once', async () => {
    const address = newAddress();
    const number = newNumber();
    await userWithNumber(number);
    await askCode(number, address);
    const code = await codeSentTo(number);
    const { token } = (await checkCode(number, code, address)).body;

    expect((await checkCode(number, code, address)).body).toMatchObject({
      error: 'ERR_INVALID_RECOVERY_CODE',
    });
    expect((await setPassword(token, address)).status).toBe(200);
    expect((await setPassword(token, address)).body).toMatchObject({ error: 'ERR_INVALID_RECOVERY_TOKEN' });
  });

  test('a new code replaces the one sent before', async () => {
    const address = newAddress();
    const number = newNumber();
    await userWithNumber(number);
    await askCode(number, address);
    const first = await codeSentTo(number);
    await askCode(number, address);
    const second = await codeSentTo(number, 2);

    if (first !== second)
      expect((await checkCode(number, first, address)).body).toMatchObject({
        error: 'ERR_INVALID_RECOVERY_CODE',
      });
    expect((await checkCode(number, second, address)).status).toBe(200);
  });

  test('an unknown number gets the same answer, in about the same time, and nothing is sent', async () => {
    const address = newAddress();
    const known = newNumber();
    await userWithNumber(known);
    const timings = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let round = 0; round < 3; round++) {
      for (const kind of ['known', 'unknown'] as const) {
        const number = kind === 'known' ? known : newNumber();
        const started = performance.now();
        const answer = await askCode(number, newAddress());
        timings[kind].push(performance.now() - started);
        answers.add(JSON.stringify([answer.status, answer.body]));
      }
    }
    expect([...answers]).toEqual([JSON.stringify([200, {}])]);
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[1] ?? 0;
    // The owner is looked up after the answer, by the job: both answers do the same work.
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(50);

    const stranger = newNumber();
    await askCode(stranger, address);
    const wrongForKnown = await checkCode(known, '123456', address);
    const forStranger = await checkCode(stranger, '123456', address);
    expect(forStranger.status).toBe(wrongForKnown.status);
    expect(forStranger.body).toEqual(wrongForKnown.body);
    await codeSentTo(known, 3);
    expect(sent.filter((m) => m.number === stranger)).toEqual([]);
  });

  test('a number two users share gets no code: neither can be told from the other', async () => {
    const address = newAddress();
    const number = newNumber();
    await userWithNumber(number);
    await userWithNumber(number);
    const lone = newNumber();
    await userWithNumber(lone);

    await askCode(number, address);
    await askCode(lone, address);
    await codeSentTo(lone);
    expect(sent.filter((m) => m.number === number)).toEqual([]);
  });

  test('codes are limited per number, known or not, and per address', async () => {
    const known = newNumber();
    await userWithNumber(known);
    for (const number of [known, newNumber()]) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await askCode(number, newAddress())).status);
      expect(answers).toEqual([200, 200, 200, 429]);
    }

    const address = newAddress();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await askCode(newNumber(), address));
    expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true);
    expect(answers[10]?.body).toMatchObject({ error: 'ERR_TOO_MANY_ATTEMPTS' });
  });

  // 21 checks, each hashing a password as a real check does (so timing tells nothing): slow on a busy machine.
  test('tries of codes are limited per address, across numbers', async () => {
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await checkCode(newNumber(), '123456', address)).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  }, 60_000);

  test('bad input is refused with a catalogue code', async () => {
    const address = newAddress();
    expect((await send('POST', '/api/enviar-email', { wpp: '12' }, address)).body).toMatchObject({
      error: 'ERR_VALIDATION',
    });
    expect((await checkCode(newNumber(), 'abc', address)).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(
      (await send('PUT', '/api/atualizar-senha', { token: 'x', newPassword: 'weak' }, address)).body,
    ).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await setPassword('not-a-token', address)).body).toMatchObject({
      error: 'ERR_INVALID_RECOVERY_TOKEN',
    });
  });
});
