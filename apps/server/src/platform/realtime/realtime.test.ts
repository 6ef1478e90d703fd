import type { AddressInfo } from 'node:net';
import { events } from '@balcao/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';

const app = await createTestApp();
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

function connect(token: string): Promise<Socket> {
  const socket = io(base, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

function collect(socket: Socket, event: string): unknown[] {
  const received: unknown[] = [];
  socket.on(event, (payload) => received.push(payload));
  return received;
}

test('a user update reaches its own company’s sockets and no other company’s', async () => {
  const one = await createTenant(app);
  const two = await createTenant(app);
  const sameCompany = await connect(one.admin.token);
  const otherCompany = await connect(two.admin.token);
  const seenByOne = collect(sameCompany, events.user(one.companyId));
  const seenByTwo = [
    ...collect(otherCompany, events.user(one.companyId)),
    ...collect(otherCompany, events.user(two.companyId)),
  ];

  await call(app, 'PUT', `/users/${one.admin.id}`, { token: one.admin.token, body: { name: 'Live Update' } });
  await new Promise((resolve) => setTimeout(resolve, 300));

  expect(seenByOne).toContainEqual({
    action: 'update',
    user: expect.objectContaining({ name: 'Live Update' }),
  });
  expect(seenByTwo).toEqual([]);
});

test('a socket without a valid token is refused', async () => {
  await expect(connect('not-a-token')).rejects.toThrow('ERR_SESSION_EXPIRED');
});

test('a login elsewhere tells the user’s open sockets', async () => {
  const tenant = await createTenant(app);
  const socket = await connect(tenant.admin.token);
  const received = collect(socket, events.auth(tenant.companyId));

  await call(app, 'POST', '/auth/login', { body: { email: tenant.admin.email, password: 'Secret-pass-1' } });
  await new Promise((resolve) => setTimeout(resolve, 300));

  expect(received).toEqual([{ action: 'update', user: { id: tenant.admin.id } }]);
});

test('a connected socket marks its user online', async () => {
  const tenant = await createTenant(app);

  await connect(tenant.admin.token);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const { body } = await call(app, 'GET', `/users/${tenant.admin.id}`, { token: tenant.admin.token });

  expect(body.online).toBe(true);
});
