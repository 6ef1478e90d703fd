import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser, PASSWORD } from '../../../test/fixtures.js';
import { totpCode, totpStep } from '../../platform/auth/totp.js';

const app = await createTestApp();
afterAll(() => app.close());

// The middle of a 30-second step, so "the previous step" is 30 s back whatever the test does.
let clock = new Date('2026-03-02T12:00:15Z');
beforeEach(() => {
  app.deps.now = () => clock;
});
afterAll(() => {
  app.deps.now = () => new Date();
});
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const codeAt = (secret: string, stepsBack = 0) => totpCode(secret, totpStep(clock) - stepsBack);

async function enrolledAdmin() {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const setup = await call(app, 'POST', '/auth/2fa/setup', { token });
  const secret: string = setup.body.secret;
  const enabled = await call(app, 'POST', '/auth/2fa/enable', { token, body: { code: codeAt(secret) } });
  expect(enabled.status).toBe(200);
  return { ...tenant, secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

const signIn = (email: string, password = PASSWORD, cookie?: string) =>
  call(app, 'POST', '/auth/login', { body: { email, password }, headers: cookie ? { cookie } : {} });
const verify = (challenge: string, code: string, rememberDevice = false) =>
  call(app, 'POST', '/auth/2fa/verify', { body: { challenge, code, rememberDevice } });
const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
  response.cookies.find((c) => c.name === name)?.value;

describe('two-factor sign-in', () => {
  test('enrolment gives an otpauth URI and ten recovery codes; then the password alone opens no session', async () => {
    const tenant = await enrolledAdmin();

    const login = await signIn(tenant.admin.email);

    expect(tenant.recoveryCodes).toHaveLength(10);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ twoFactorChallenge: expect.any(String) });
    expect(cookieOf(login.response, 'jrt')).toBeUndefined();
    const me = await call(app, 'GET', '/auth/me', { token: tenant.admin.token });
    expect(me.body.twoFactorEnabled).toBe(true);
  });

  test('codes: wrong refused, two steps ago refused, previous step accepted once, then the current one', async () => {
    const tenant = await enrolledAdmin();
    advance(300);
    const { body } = await signIn(tenant.admin.email);

    const wrong = await verify(
      body.twoFactorChallenge,
      '000000' === codeAt(tenant.secret) ? '111111' : '000000',
    );
    const tooOld = await verify(body.twoFactorChallenge, codeAt(tenant.secret, 2));
    const previous = await verify(body.twoFactorChallenge, codeAt(tenant.secret, 1));
    const replay = await verify(body.twoFactorChallenge, codeAt(tenant.secret, 1));
    const current = await verify(body.twoFactorChallenge, codeAt(tenant.secret));

    expect(wrong).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_2FA_CODE' } });
    expect(tooOld).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_2FA_CODE' } });
    expect(previous.status).toBe(200);
    expect(previous.body.user.id).toBe(tenant.admin.id);
    expect(cookieOf(previous.response, 'jrt')).toEqual(expect.any(String));
    expect(replay).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_2FA_CODE' } });
    expect(current.status).toBe(200);
  });

  test('a challenge past its five minutes is refused', async () => {
    const tenant = await enrolledAdmin();
    const { body } = await signIn(tenant.admin.email);
    advance(301);

    const late = await verify(body.twoFactorChallenge, codeAt(tenant.secret));

    expect(late).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
  });

  test('wrong codes are limited like wrong passwords', async () => {
    const tenant = await enrolledAdmin();
    const { body } = await signIn(tenant.admin.email);
    const wrong = codeAt(tenant.secret) === '123456' ? '654321' : '123456';

    for (let i = 0; i < 10; i++) await verify(body.twoFactorChallenge, wrong);
    const right = await verify(body.twoFactorChallenge, codeAt(tenant.secret, -1));

    expect(right).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
  });

  test('a recovery code works once; a remembered browser skips the step until the password changes', async () => {
    const tenant = await enrolledAdmin();
    const [recovery] = tenant.recoveryCodes as [string];

    const first = await verify((await signIn(tenant.admin.email)).body.twoFactorChallenge, recovery, true);
    const again = await verify((await signIn(tenant.admin.email)).body.twoFactorChallenge, recovery);
    const device = `jtd=${cookieOf(first.response, 'jtd')}`;
    advance(60);
    const remembered = await signIn(tenant.admin.email, PASSWORD, device);
    const elsewhere = await signIn(tenant.admin.email);
    advance(60);
    await call(app, 'PUT', `/users/${tenant.admin.id}`, {
      token: remembered.body.token,
      body: { password: 'Other-pass-2', currentPassword: PASSWORD },
    });
    advance(60);
    const afterChange = await signIn(tenant.admin.email, 'Other-pass-2', device);

    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_2FA_CODE' } });
    expect(remembered.body.token).toEqual(expect.any(String));
    expect(elsewhere.body).toHaveProperty('twoFactorChallenge');
    expect(afterChange.body).toHaveProperty('twoFactorChallenge');
  });

  test('disabling needs the password, forgets remembered browsers, and touches only the caller', async () => {
    const tenant = await enrolledAdmin();
    const other = await createTenant(app);
    const first = await verify(
      (await signIn(tenant.admin.email)).body.twoFactorChallenge,
      codeAt(tenant.secret, -1),
      true,
    );
    const device = `jtd=${cookieOf(first.response, 'jtd')}`;
    advance(60);

    const byOther = await call(app, 'POST', '/auth/2fa/disable', {
      token: other.admin.token,
      body: { password: PASSWORD },
    });
    const wrongPassword = await call(app, 'POST', '/auth/2fa/disable', {
      token: first.body.token,
      body: { password: 'not-it' },
    });
    const stillOn = await signIn(tenant.admin.email);
    const off = await call(app, 'POST', '/auth/2fa/disable', {
      token: first.body.token,
      body: { password: PASSWORD },
    });
    const afterOff = await signIn(tenant.admin.email, PASSWORD, device);

    expect(byOther).toMatchObject({ status: 409, body: { error: 'ERR_2FA_NOT_ENABLED' } });
    expect(wrongPassword.status).toBe(400);
    expect(stillOn.body).toHaveProperty('twoFactorChallenge');
    expect(off.status).toBe(204);
    expect(afterOff.body.token).toEqual(expect.any(String));
    // Enabled again, the browser remembered before is not.
    const setup = await call(app, 'POST', '/auth/2fa/setup', { token: afterOff.body.token });
    advance(60);
    await call(app, 'POST', '/auth/2fa/enable', {
      token: afterOff.body.token,
      body: { code: codeAt(setup.body.secret) },
    });
    expect((await signIn(tenant.admin.email, PASSWORD, device)).body).toHaveProperty('twoFactorChallenge');
  });

  test('an admin with it requires it of the company, and an admin without it is sent to enrolment before anything else', async () => {
    const tenant = await createTenant(app);
    const other = await createUser(app, tenant.companyId, { profile: 'admin' });
    const require = (token: string) =>
      call(app, 'PUT', '/settings/requireAdminTwoFactor', { token, body: { value: 'enabled' } });

    const refused = await require(other.token);
    const first = await call(app, 'POST', '/auth/2fa/setup', { token: tenant.admin.token });
    await call(app, 'POST', '/auth/2fa/enable', {
      token: tenant.admin.token,
      body: { code: codeAt(first.body.secret) },
    });
    const required = await require(tenant.admin.token);

    const token = other.token;
    const blocked = await call(app, 'GET', '/users', { token });
    const me = await call(app, 'GET', '/auth/me', { token });
    const setup = await call(app, 'POST', '/auth/2fa/setup', { token });
    await call(app, 'POST', '/auth/2fa/enable', { token, body: { code: codeAt(setup.body.secret) } });
    const after = await call(app, 'GET', '/users', { token });

    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_2FA_NOT_ENABLED' } });
    expect(required.status).toBe(200);
    expect(blocked).toMatchObject({ status: 403, body: { error: 'ERR_2FA_REQUIRED' } });
    expect(me.body.twoFactorRequired).toBe(true);
    expect(after.status).toBe(200);
  });
});
