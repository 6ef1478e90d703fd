import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { buildSessionUser } from '../../test/fixtures';
import { getSession, getToken, resumeSession } from '../session/session.store';
import { ApiError, request } from './http';

const sessionUser = buildSessionUser({ id: 7, companyId: 3, profile: 'admin' }, { id: 3 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tokenExpired = () => json(403, { error: 'ERR_TOKEN_EXPIRED', message: 'expired' });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  localStorage.setItem('token', 'old-token');
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const authorizationOf = (call: number) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');

describe('request', () => {
  test('sends the bearer token and the cookies', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));

    await request('/settings');

    expect(authorizationOf(0)).toBe('Bearer old-token');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  test('calls that meet an expired token at once share one refresh, then retry with the new token', async () => {
    let refreshes = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      if (path === '/auth/refresh_token') {
        refreshes += 1;
        return json(200, { token: 'new-token', user: sessionUser });
      }
      const bearer = new Headers(init?.headers).get('Authorization');
      return bearer === 'Bearer new-token' ? json(200, { path }) : tokenExpired();
    });

    const answers = await Promise.all([request('/users'), request('/settings'), request('/plans/list')]);

    expect(refreshes).toBe(1);
    expect(answers).toEqual([{ path: '/users' }, { path: '/settings' }, { path: '/plans/list' }]);
    expect(getToken()).toBe('new-token');
  });

  test('a failed refresh ends the session', async () => {
    fetchMock
      .mockResolvedValueOnce(tokenExpired())
      .mockResolvedValueOnce(json(401, { error: 'ERR_SESSION_EXPIRED' }));

    await expect(request('/users')).rejects.toBeInstanceOf(ApiError);

    expect(getToken()).toBeNull();
    expect(getSession().status).toBe('signedOut');
  });

  test('a 403 that is a refusal, not an expired token, is answered without a refresh', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'ERR_NO_PERMISSION', message: 'no' }));

    await expect(request('/users')).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('old-token');
  });

  test('a 401 ends the session', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'ERR_SESSION_EXPIRED', message: 'gone' }));

    await expect(request('/users')).rejects.toMatchObject({ status: 401 });

    expect(getToken()).toBeNull();
  });

  test('wrong credentials at login do not touch the session', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'bad' }));

    await expect(request('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'ERR_INVALID_CREDENTIALS',
    });

    expect(getToken()).toBe('old-token');
  });

  test('an expired subscription is remembered for the route guard', async () => {
    fetchMock.mockResolvedValueOnce(json(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', message: 'expired' }));

    await expect(request('/users')).rejects.toMatchObject({ status: 402 });

    expect(getSession().refusedAsExpired).toBe(true);
  });

  test('an admin refused until enrolled in two-factor sign-in is sent to enrolment, still signed in', async () => {
    resumeSession(sessionUser);
    fetchMock.mockResolvedValueOnce(json(403, { error: 'ERR_2FA_REQUIRED', message: 'enrol' }));

    await expect(request('/users')).rejects.toMatchObject({ status: 403 });

    expect(getSession().user?.twoFactorRequired).toBe(true);
    expect(getToken()).toBe('old-token');
  });

  test('field errors come back keyed by field', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { error: 'ERR_EMAIL_ALREADY_EXISTS', message: 'taken', fields: { email: 'emailTaken' } }),
    );

    await expect(request('/users', { method: 'POST', body: {} })).rejects.toMatchObject({
      fields: { email: 'emailTaken' },
    });
  });
});
