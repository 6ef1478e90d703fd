import { events } from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { queues, userQueues } from '../../db/schema/index.js';
import { receive } from '../../inbox/receive.js';
import { rooms } from '../../platform/realtime/rooms.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

type TicketEvent = { action: string; ticket?: { id: number; unreadMessages?: number }; ticketId?: number };
type MessageEvent = { message: { ticketId: number; body: string } };
const ticketIdsOf = (received: TicketEvent[]) => new Set(received.map((e) => e.ticket?.id ?? e.ticketId));
const messageTicketIdsOf = (received: MessageEvent[]) => new Set(received.map((e) => e.message.ticketId));

/** A company with queues A and B, an attendant in each, and a live socket per person. */
async function twoQueues() {
  const tenant = await createTenant(app);
  const [queueA, queueB] = (await app.deps.db
    .insert(queues)
    .values([
      { companyId: tenant.companyId, name: 'A', color: '#111111' },
      { companyId: tenant.companyId, name: 'B', color: '#222222' },
    ])
    .returning()) as [typeof queues.$inferSelect, typeof queues.$inferSelect];
  const ana = await createUser(app, tenant.companyId);
  const bia = await createUser(app, tenant.companyId);
  await app.deps.db.insert(userQueues).values([
    { userId: ana.id, queueId: queueA.id },
    { userId: bia.id, queueId: queueB.id },
  ]);
  const listen = async (user: { id: number; companyId: number; token: string }) => {
    const socket = await live.connectOnline(user);
    return {
      socket,
      tickets: collect<TicketEvent>(socket, events.ticket(tenant.companyId)),
      messages: collect<MessageEvent>(socket, events.appMessage(tenant.companyId)),
    };
  };
  return {
    tenant,
    queueA,
    queueB,
    ana: { ...ana, live: await listen(ana) },
    bia: { ...bia, live: await listen(bia) },
    admin: { ...tenant.admin, live: await listen(tenant.admin) },
  };
}

/** Everything published so far has reached these people's sockets. */
function drained(...people: { live: { socket: Socket } }[]) {
  return live.drain(...people.map((person) => person.live.socket));
}

test('each person receives the events of exactly the tickets they could open over HTTP', async () => {
  const { tenant, queueA, queueB, ana, bia, admin } = await twoQueues();
  const inA = await createTicket(app, tenant.companyId, { queueId: queueA.id, unreadMessages: 2 });
  const inB = await createTicket(app, tenant.companyId, { queueId: queueB.id, unreadMessages: 2 });
  // Asking for the company-wide rooms of old must not widen what a socket receives.
  for (const person of [ana, bia]) {
    person.live.socket.emit('joinNotification');
    for (const status of ['open', 'pending', 'closed']) person.live.socket.emit('joinTickets', status);
  }
  bia.live.socket.emit('joinChatBox', inA.id);
  // Chats are joined one lookup at a time, in order: once a chat Bia may open is joined, the one
  // she may not was looked up (and refused) before anything below is published.
  bia.live.socket.emit('joinChatBox', inB.id);
  const joined = collect(bia.live.socket, 'joined');
  await waitFor(
    async () => {
      app.deps.realtime.toRoom(rooms.ticket(tenant.companyId, inB.id), 'joined', {});
      return joined.length;
    },
    (count) => count > 0,
    10_000,
  );

  for (const ticket of [inA, inB]) {
    await call(app, 'POST', `/messages/${ticket.id}`, {
      token: admin.token,
      body: { body: `private note on ${ticket.id}`, isPrivate: true },
    });
    await call(app, 'GET', `/messages/${ticket.id}`, { token: admin.token });
    await call(app, 'PUT', `/tickets/${ticket.id}`, { token: admin.token, body: { status: 'open' } });
  }
  const hears = (person: typeof ana, ids: number[]) =>
    Promise.all([
      heard(person.live.tickets, (received) => ids.every((id) => ticketIdsOf(received).has(id))),
      heard(person.live.messages, (received) => ids.every((id) => messageTicketIdsOf(received).has(id))),
    ]);
  await Promise.all([hears(ana, [inA.id]), hears(bia, [inB.id]), hears(admin, [inA.id, inB.id])]);
  await heard(ana.live.tickets, (received) => received.some((e) => e.action === 'updateUnread'));
  await drained(ana, bia, admin);

  for (const person of [ana, bia, admin]) {
    const openable = new Set<number>();
    for (const ticket of [inA, inB]) {
      const { status } = await call(app, 'GET', `/tickets/${ticket.id}`, { token: person.token });
      if (status === 200) openable.add(ticket.id);
    }
    expect(ticketIdsOf(person.live.tickets)).toEqual(openable);
    expect(messageTicketIdsOf(person.live.messages)).toEqual(openable);
  }
  expect(ticketIdsOf(ana.live.tickets)).toEqual(new Set([inA.id]));
  expect(ticketIdsOf(bia.live.tickets)).toEqual(new Set([inB.id]));
  expect(ana.live.tickets.map((e) => e.action)).toEqual(expect.arrayContaining(['update', 'updateUnread']));
});

test('a transfer to another queue removes the ticket from the old audience, without its new content', async () => {
  const { tenant, queueA, queueB, ana, bia } = await twoQueues();
  const ticket = await createTicket(app, tenant.companyId, { queueId: queueA.id });

  await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token: tenant.admin.token,
    body: { queueId: queueB.id },
  });
  await heard(ana.live.tickets, 1);
  await heard(bia.live.tickets, 1);
  await drained(ana, bia);

  expect(ana.live.tickets).toEqual([{ action: 'delete', ticketId: ticket.id }]);
  expect(bia.live.tickets).toEqual([
    { action: 'update', ticket: expect.objectContaining({ id: ticket.id, queueId: queueB.id }) },
  ]);
});

test('a change of a user’s queues takes effect on their live socket at once', async () => {
  const { tenant, queueA, queueB, ana } = await twoQueues();
  const inA = await createTicket(app, tenant.companyId, { queueId: queueA.id, status: 'open' });
  const inB = await createTicket(app, tenant.companyId, { queueId: queueB.id, status: 'open' });

  await call(app, 'PUT', `/users/${ana.id}`, { token: tenant.admin.token, body: { queueIds: [queueB.id] } });
  for (const ticket of [inA, inB]) {
    await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'after the change', isPrivate: true },
    });
  }
  await heard(ana.live.messages, (received) => messageTicketIdsOf(received).has(inB.id));
  await drained(ana);

  expect(messageTicketIdsOf(ana.live.messages)).toEqual(new Set([inB.id]));
});

test('an inbound message tells the ticket’s audience about the ticket', async () => {
  const { tenant, queueA, ana } = await twoQueues();
  const ticket = await createTicket(app, tenant.companyId, { queueId: queueA.id });

  const received = await receive(app.deps, {
    companyId: tenant.companyId,
    connectionId: ticket.connectionId as number,
    channel: 'webchat',
    identity: { kind: 'webchat', value: `visitor-${ticket.id}` },
    contact: { name: 'Visitante' },
    externalId: `inbound-${ticket.id}`,
    body: 'Olá',
  });
  await heard(ana.live.tickets, (seen) =>
    seen.some((e) => e.ticket?.id === received.ticket.id && e.ticket.unreadMessages === 1),
  );

  expect(ana.live.tickets).toContainEqual({
    action: 'update',
    ticket: expect.objectContaining({ id: received.ticket.id, unreadMessages: 1 }),
  });
});

test('a deleted ticket is announced as deleted to its other viewers, and only removed for the admin who deleted it', async () => {
  const { tenant, queueA, ana, bia, admin } = await twoQueues();
  const ticket = await createTicket(app, tenant.companyId, { queueId: queueA.id });

  const { status } = await call(app, 'DELETE', `/tickets/${ticket.id}`, { token: tenant.admin.token });
  await heard(ana.live.tickets, 1);
  await heard(admin.live.tickets, 1);
  await drained(ana, bia, admin);

  expect(status).toBe(204);
  expect(ana.live.tickets).toEqual([{ action: 'delete', ticketId: ticket.id, deleted: true }]);
  expect(admin.live.tickets).toEqual([{ action: 'delete', ticketId: ticket.id }]);
  expect(bia.live.tickets).toEqual([]);
});
