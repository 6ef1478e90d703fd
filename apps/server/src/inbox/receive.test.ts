import { and, count, eq, gt, lt, ne } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTenant, createWebchatConnection } from '../../test/fixtures.js';
import { contacts, tickets } from '../db/schema/index.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import { receive } from './receive.js';

const app = await createTestApp();
afterAll(() => app.close());

const createConnection = (companyId: number) => createWebchatConnection(app, companyId);

const inbound = (
  connection: { id: number; companyId: number },
  visitor: string,
  n: number,
): InboundMessage => ({
  companyId: connection.companyId,
  connectionId: connection.id,
  channel: 'webchat',
  identity: { kind: 'webchat', value: `${visitor}-${connection.companyId}` },
  contact: { name: visitor },
  externalId: `${visitor}-${n}`,
  body: `mensagem ${n}`,
});

const activeTickets = (companyId: number) =>
  app.deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), ne(tickets.status, 'closed')));

/** Ticket numbers between two tickets that no ticket took (other test files may number tickets in between). */
async function numbersSkipped(from: number, to: number) {
  const [between] = await app.deps.db
    .select({ value: count() })
    .from(tickets)
    .where(and(gt(tickets.id, from), lt(tickets.id, to)));
  return to - from - 1 - (between?.value ?? 0);
}

test('first messages arriving together make one contact and one active ticket', async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);

  const received = await Promise.all(
    [1, 2, 3, 4, 5].map((n) => receive(app.deps, inbound(connection, 'racer', n))),
  );

  expect(new Set(received.map((r) => r.ticket.id)).size).toBe(1);
  const people = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, tenant.companyId));
  expect(people).toHaveLength(1);
  const active = await activeTickets(tenant.companyId);
  expect(active).toHaveLength(1);
  expect(active[0]?.unreadMessages).toBe(5);
});

test('a returning contact’s messages arriving together open one ticket and take one number', async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);
  const earlier = await receive(app.deps, inbound(connection, 'returning', 0));
  await app.deps.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, earlier.ticket.id));

  const received = await Promise.all(
    [1, 2, 3, 4, 5].map((n) => receive(app.deps, inbound(connection, 'returning', n))),
  );
  const next = await receive(app.deps, inbound(connection, 'follower', 1));

  expect(new Set(received.map((r) => r.ticket.id)).size).toBe(1);
  expect(await numbersSkipped(received[0]?.ticket.id ?? 0, next.ticket.id)).toBe(0);
});

test('a message delivered again after its ticket closed is a duplicate, not a new empty ticket', async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);
  const first = await receive(app.deps, inbound(connection, 'again', 1));
  await app.deps.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, first.ticket.id));

  const redelivered = await receive(app.deps, inbound(connection, 'again', 1));

  expect(redelivered).toMatchObject({ duplicate: true, message: { id: first.message.id } });
  expect(await activeTickets(tenant.companyId)).toEqual([]);
});

test('messages of an open conversation take no ticket numbers: the next ticket is the next number', async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);

  const first = await receive(app.deps, inbound(connection, 'talkative', 1));
  await receive(app.deps, inbound(connection, 'talkative', 2));
  await receive(app.deps, inbound(connection, 'talkative', 3));
  const next = await receive(app.deps, inbound(connection, 'newcomer', 1));

  expect(await numbersSkipped(first.ticket.id, next.ticket.id)).toBe(0);
});
