import type { Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser, PASSWORD } from '../../../test/fixtures.js';
import { listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
/** Resolves once the socket was cut off (or waiting gave up, for the assertion to say so). */
const disconnected = (socket: Socket) =>
  waitFor(
    async () => socket.connected,
    (connected) => !connected,
    10_000,
  );

/** A real sign-in: its access token (on a live socket) and its refresh cookie. */
async function signIn(email: string, password = PASSWORD) {
  const { body, response } = await call(app, 'POST', '/auth/login', { body: { email, password } });
  const cookie = response.cookies.find((c) => c.name === 'jrt')?.value as string;
  return { token: body.token as string, cookie, socket: await live.connect({ token: body.token }) };
}
const refresh = (cookie: string) =>
  call(app, 'POST', '/auth/refresh_token', { headers: { cookie: `jrt=${cookie}` } });

test('deleting a user disconnects their sockets', async () => {
  const tenant = await createTenant(app);
  const user = await createUser(app, tenant.companyId);
  const socket = await live.connect({ token: user.token });

  await call(app, 'DELETE', `/users/${user.id}`, { token: tenant.admin.token });
  await disconnected(socket);

  expect(socket.connected).toBe(false);
});

test('logging out disconnects the sockets of that session only', async () => {
  const tenant = await createTenant(app);
  const first = await signIn(tenant.admin.email);
  const second = await signIn(tenant.admin.email);

  await call(app, 'DELETE', '/auth/logout', { headers: { cookie: `jrt=${first.cookie}` } });
  await disconnected(first.socket);
  // Had the other session been cut off too, it would have been before anything published now.
  await live.drain(second.socket);

  expect(first.socket.connected).toBe(false);
  expect(second.socket.connected).toBe(true);
});

test('changing one’s own password needs the current one', async () => {
  const tenant = await createTenant(app);
  const user = await createUser(app, tenant.companyId);
  const change = (body: object) => call(app, 'PUT', `/users/${user.id}`, { token: user.token, body });

  const missing = await change({ password: 'New-secret-1' });
  const wrong = await change({ password: 'New-secret-1', currentPassword: 'Not-the-one-1' });
  const right = await change({ password: 'New-secret-1', currentPassword: PASSWORD });

  expect(missing).toMatchObject({ status: 400, body: { fields: { currentPassword: 'required' } } });
  expect(wrong).toMatchObject({
    status: 400,
    body: { error: 'ERR_VALIDATION', fields: { currentPassword: 'wrongPassword' } },
  });
  expect(right.status).toBe(200);
});

test('changing one’s own password ends the other sessions and keeps this one', async () => {
  const tenant = await createTenant(app);
  // Signing in here already ended the other sign-in's refresh; its open socket is what remains.
  const elsewhere = await signIn(tenant.admin.email);
  const here = await signIn(tenant.admin.email);

  const changed = await call(app, 'PUT', `/users/${tenant.admin.id}`, {
    token: here.token,
    body: { password: 'New-secret-1', currentPassword: PASSWORD },
  });
  await disconnected(elsewhere.socket);
  await live.drain(here.socket);

  expect(changed.status).toBe(200);
  expect(elsewhere.socket.connected).toBe(false);
  expect((await refresh(elsewhere.cookie)).status).toBe(401);
  expect(here.socket.connected).toBe(true);
  expect((await refresh(here.cookie)).status).toBe(200);
});

test('an admin setting a user’s password ends all of that user’s sessions', async () => {
  const tenant = await createTenant(app);
  const user = await createUser(app, tenant.companyId);
  const session = await signIn(user.email);

  const changed = await call(app, 'PUT', `/users/${user.id}`, {
    token: tenant.admin.token,
    body: { password: 'Set-by-admin-1' },
  });
  await disconnected(session.socket);

  expect(changed.status).toBe(200);
  expect(session.socket.connected).toBe(false);
  expect((await refresh(session.cookie)).status).toBe(401);
});

test('a user’s password follows the sign-up rule when created and when changed', async () => {
  const tenant = await createTenant(app);
  const user = await createUser(app, tenant.companyId);

  const created = await call(app, 'POST', '/users', {
    token: tenant.admin.token,
    body: { name: 'Weak One', email: `weak-${tenant.companyId}@example.test`, password: 'secret1' },
  });
  const updated = await call(app, 'PUT', `/users/${user.id}`, {
    token: tenant.admin.token,
    body: { password: 'alllowercase' },
  });

  expect(created).toMatchObject({ status: 400, body: { fields: { password: 'passwordTooShort' } } });
  expect(updated).toMatchObject({ status: 400, body: { fields: { password: 'passwordWeak' } } });
});
