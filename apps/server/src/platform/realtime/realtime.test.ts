import { events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { FLOOD_MAX_EVENTS } from './flood.js';
import { rooms } from './rooms.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
const connect = (token: string) => live.connect({ token });

test('a user update reaches its own company’s sockets and no other company’s', async () => {
  const one = await createTenant(app);
  const two = await createTenant(app);
  const sameCompany = await connect(one.admin.token);
  const otherCompany = await connect(two.admin.token);
  const seenByOne = collect(sameCompany, events.user(one.companyId));
  const seenByTwo = [
    collect(otherCompany, events.user(one.companyId)),
    collect(otherCompany, events.user(two.companyId)),
  ];

  await call(app, 'PUT', `/users/${one.admin.id}`, { token: one.admin.token, body: { name: 'Live Update' } });
  // Connecting announces the user online first: wait for the update this test made.
  const named = (events: unknown[]) => JSON.stringify(events).includes('Live Update');
  await waitFor(async () => seenByOne, named, 10_000);

  expect(seenByOne).toContainEqual({
    action: 'update',
    user: expect.objectContaining({ name: 'Live Update' }),
  });
  // Its own company's events (its admin going online) are its to hear; company one's never are.
  expect(seenByTwo[0]).toEqual([]);
  expect(named(seenByTwo[1] ?? [])).toBe(false);
});

test('a socket without a valid token is refused', async () => {
  await expect(connect('not-a-token')).rejects.toThrow('ERR_SESSION_EXPIRED');
});

test('a token in the query string is refused: only the handshake’s auth counts', async () => {
  const tenant = await createTenant(app);

  await expect(live.connect({}, `?token=${tenant.admin.token}`)).rejects.toThrow('ERR_SESSION_EXPIRED');
});

test('a socket that keeps flooding is disconnected', async () => {
  const tenant = await createTenant(app);
  const socket = await connect(tenant.admin.token);
  const errors = collect(socket, 'error');

  for (let i = 0; i <= FLOOD_MAX_EVENTS; i++) socket.emit('userStatus');
  await new Promise((resolve) => setTimeout(resolve, 300));

  expect(socket.connected).toBe(false);
  expect(errors).toEqual(['ERR_TOO_MANY_ATTEMPTS']);
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

test('joinChatBox joins a ticket of the company, never another company’s', async () => {
  const one = await createTenant(app);
  const two = await createTenant(app);
  const ticket = await createTicket(app, one.companyId);
  const owner = await connect(one.admin.token);
  const stranger = await connect(two.admin.token);
  const seenByOwner = collect(owner, 'probe');
  const seenByStranger = collect(stranger, 'probe');

  stranger.emit('joinChatBox', ticket.id);
  owner.emit('joinChatBox', ticket.id);
  // The join checks the ticket in the database first: probe until the owner's join has landed
  // (the stranger asked first, so its answer was decided by then).
  await waitFor(
    async () => {
      app.deps.realtime.toRoom(rooms.ticket(one.companyId, ticket.id), 'probe', { ticketId: ticket.id });
      app.deps.realtime.toRoom(rooms.ticket(two.companyId, ticket.id), 'probe', { ticketId: ticket.id });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return seenByOwner.length;
    },
    (seen) => seen > 0,
    10_000,
  );

  expect(seenByOwner[0]).toEqual({ ticketId: ticket.id });
  expect(seenByStranger).toEqual([]);
});
