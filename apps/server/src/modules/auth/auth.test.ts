import { addDays, SUBSCRIPTION_GRACE_DAYS, zonedParts } from '@balcao/shared';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, createTestApp, TEST_JWT_SECRET } from '../../../test/app.js';
import { createTenant, createUser, PASSWORD } from '../../../test/fixtures.js';
import { users } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const today = () => zonedParts(new Date(), 'America/Sao_Paulo').date;

function refreshCookie(response: { cookies: { name: string; value: string }[] }) {
  return response.cookies.find((c) => c.name === 'jrt')?.value;
}

describe('login', () => {
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    tenant = await createTenant(app);
  });

  test('answers an access token, the user with the company, and a refresh cookie', async () => {
    const { status, body, response } = await call(app, 'POST', '/auth/login', {
      body: { email: tenant.admin.email.toUpperCase(), password: PASSWORD },
    });

    expect(status).toBe(200);
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: tenant.admin.id, companyId: tenant.companyId, profile: 'admin' });
    expect(body.user.company).toMatchObject({ id: tenant.companyId, dueDate: '2999-01-01' });
    expect(body.user.company.companieSettings).toContainEqual({ key: 'userRating', value: 'disabled' });
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'jrt');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/auth', sameSite: 'Strict' });
  });

  test('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await call(app, 'POST', '/auth/login', {
      body: { email: tenant.admin.email, password: 'nope-nope' },
    });
    const unknown = await call(app, 'POST', '/auth/login', {
      body: { email: 'nobody@x.test', password: PASSWORD },
    });

    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } });
  });

  test('a password hashed with other costs than ours is hashed again at its sign-in, and still opens the account', async () => {
    const user = await createUser(app, tenant.companyId);
    const stored = async () =>
      (await app.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)))[0]
        ?.hash;
    // The argon2 library's own defaults, which Balcão used before.
    await app.deps.db
      .update(users)
      .set({ passwordHash: await argon2.hash(PASSWORD, { type: argon2.argon2id }) })
      .where(eq(users.id, user.id));
    const login = () => call(app, 'POST', '/auth/login', { body: { email: user.email, password: PASSWORD } });

    expect((await login()).status).toBe(200);
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login()).status).toBe(200);
  });

  test('answers field errors with message keys for a malformed body', async () => {
    const { status, body } = await call(app, 'POST', '/auth/login', { body: { email: 'not-an-email' } });

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { email: 'loginEmail', password: 'required' },
    });
  });

  test('is refused outside the user work hours, in the company time zone', async () => {
    const now = zonedParts(new Date(), 'America/Sao_Paulo').time;
    const [h, m] = now.split(':').map(Number) as [number, number];
    const later = (minutes: number) => {
      const total = (h * 60 + m + minutes) % 1440;
      return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
    };
    const user = await createUser(app, tenant.companyId, { startWork: later(60), endWork: later(120) });

    const { status, body } = await call(app, 'POST', '/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });

    expect(status).toBe(403);
    expect(body.error).toBe('ERR_OUT_OF_HOURS');
  });

  test('locks an e-mail after repeated failures, even with the right password next', async () => {
    const locked = await createTenant(app);
    for (let i = 0; i < 10; i++) {
      await call(app, 'POST', '/auth/login', {
        body: { email: locked.admin.email, password: 'wrong-password' },
      });
    }

    const { status, body } = await call(app, 'POST', '/auth/login', {
      body: { email: locked.admin.email, password: PASSWORD },
    });

    expect(status).toBe(429);
    expect(body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
  });
});

describe('login limiter', () => {
  // An address of their own, so these attempts never lock out the other tests' logins.
  const from = (remoteAddress: string) => (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

  test('wrong passwords sent all at once are counted before they are checked', async () => {
    const target = await createTenant(app);
    const login = from('10.7.0.1');

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(target.admin.email, 'wrong-password')),
    );
    const right = await login(target.admin.email, PASSWORD);

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toBe('ERR_TOO_MANY_ATTEMPTS');
  });

  test('an unknown e-mail is verified against a decoy hash like a known one', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const answer = await from('10.7.0.2')('nobody-here@x.test', 'some-password');

      expect(answer.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledWith(expect.stringMatching(/^\$argon2id\$/), 'some-password');
    } finally {
      verify.mockRestore();
    }
  });

  test('successful logins from one address do not count against it', async () => {
    const strict = await createTestApp({ env: { LOGIN_MAX_FAILURES: '1' } });
    try {
      const office = await createTenant(strict);
      const login = (password: string) =>
        strict.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: office.admin.email, password },
          remoteAddress: '10.7.0.3',
        });

      // Address limit: 1 × 5.
      for (let i = 0; i < 6; i++) expect((await login(PASSWORD)).statusCode).toBe(200);
      expect((await login('wrong-password')).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('sign-up flood', () => {
  test('one address opens at most 10 trial companies an hour', async () => {
    const plans = await call(app, 'GET', '/plans/listPublic');
    const signup = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/auth/signup',
        remoteAddress: '10.8.0.1',
        payload: {
          companyName: `Flood ${i} ${Date.now()}`,
          name: 'Bot Bot',
          email: `flood-${i}-${Date.now()}@example.test`,
          phone: '(11) 98765-4321',
          password: 'Segredo123',
          planId: plans.body[0].id,
          termo: true,
        },
      });

    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await signup(i));

    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(answers[10]?.statusCode).toBe(429);
    expect(answers[10]?.json().error).toBe('ERR_TOO_MANY_REQUESTS');
  });
});

describe('refresh and logout', () => {
  async function loginCookie() {
    const tenant = await createTenant(app);
    const { response } = await call(app, 'POST', '/auth/login', {
      body: { email: tenant.admin.email, password: PASSWORD },
    });
    return refreshCookie(response) as string;
  }
  const refresh = (cookie: string) =>
    call(app, 'POST', '/auth/refresh_token', { headers: { cookie: `jrt=${cookie}` } });

  test('rotates the refresh token on use', async () => {
    const first = await loginCookie();

    const { status, body, response } = await refresh(first);

    expect(status).toBe(200);
    expect(body.token).toEqual(expect.any(String));
    const second = refreshCookie(response);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  test('reusing a spent refresh token revokes its whole family', async () => {
    const first = await loginCookie();
    const second = refreshCookie((await refresh(first)).response) as string;

    const replay = await refresh(first);
    const afterTheft = await refresh(second);

    expect(replay).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(afterTheft.status).toBe(401);
  });

  test('signing in elsewhere ends the earlier sign-in: its refresh is refused, the new one works', async () => {
    const tenant = await createTenant(app);
    const signIn = async () =>
      refreshCookie(
        (await call(app, 'POST', '/auth/login', { body: { email: tenant.admin.email, password: PASSWORD } }))
          .response,
      ) as string;
    const desk = await signIn();
    const phone = await signIn();

    expect((await refresh(desk)).status).toBe(401);
    expect((await refresh(phone)).status).toBe(200);
  });

  test('logout revokes the refresh token and clears the cookie', async () => {
    const cookie = await loginCookie();

    const out = await call(app, 'DELETE', '/auth/logout', { headers: { cookie: `jrt=${cookie}` } });
    const after = await refresh(cookie);

    expect(out.status).toBe(204);
    expect(out.response.cookies.find((c) => c.name === 'jrt')?.value).toBe('');
    expect(after.status).toBe(401);
  });

  test('refresh without a cookie ends the session', async () => {
    const { status, body } = await call(app, 'POST', '/auth/refresh_token');

    expect(status).toBe(401);
    expect(body.error).toBe('ERR_SESSION_EXPIRED');
  });
});

describe('access tokens', () => {
  test('no token answers 401, an expired one 403 so the client refreshes', async () => {
    const tenant = await createTenant(app);
    const expired = await new SignJWT({ companyId: tenant.companyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(tenant.admin.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));

    const missing = await call(app, 'GET', '/auth/me');
    const stale = await call(app, 'GET', '/auth/me', { token: expired });
    const forged = await call(app, 'GET', '/auth/me', { token: `${tenant.admin.token}x` });

    expect(missing).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(stale).toMatchObject({ status: 403, body: { error: 'ERR_TOKEN_EXPIRED' } });
    expect(forged.status).toBe(401);
  });
});

describe('expired subscription', () => {
  test('login still works so the app can show billing, but tenant calls answer 402 after the grace', async () => {
    const dueDate = addDays(today(), -SUBSCRIPTION_GRACE_DAYS);
    const tenant = await createTenant(app, { dueDate });

    const login = await call(app, 'POST', '/auth/login', {
      body: { email: tenant.admin.email, password: PASSWORD },
    });
    const me = await call(app, 'GET', '/auth/me', { token: tenant.admin.token });
    const usersList = await call(app, 'GET', '/users', { token: tenant.admin.token });

    expect(login.status).toBe(200);
    expect(login.body.user.company.dueDate).toBe(dueDate);
    expect(me.status).toBe(200);
    expect(usersList).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
  });

  test('a company on the last day of its grace is still in force', async () => {
    const tenant = await createTenant(app, { dueDate: addDays(today(), 1 - SUBSCRIPTION_GRACE_DAYS) });

    const { status } = await call(app, 'GET', '/users', { token: tenant.admin.token });

    expect(status).toBe(200);
  });
});
