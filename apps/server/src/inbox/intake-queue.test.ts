import { and, asc, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTenant, createWebchatConnection } from '../../test/fixtures.js';
import type { Db } from '../db/client.js';
import { contactIdentities, contacts, messages, tickets } from '../db/schema/index.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import type { AppDeps } from '../platform/context.js';
import { receive } from './receive.js';

const app = await createTestApp();
afterAll(() => app.close());

const createConnection = (companyId: number) => createWebchatConnection(app, companyId);

const inbound = (
  connection: { id: number; companyId: number },
  visitor: string,
  n: number,
  body = `mensagem ${n}`,
): InboundMessage => ({
  companyId: connection.companyId,
  connectionId: connection.id,
  channel: 'webchat',
  identity: { kind: 'webchat', value: `${visitor}-${connection.companyId}` },
  contact: { name: visitor },
  externalId: `${visitor}-${n}`,
  body,
});

/** The same server with a database that counts the transactions it opens. */
function countingTransactions(): { deps: AppDeps; count: () => number } {
  let opened = 0;
  const db = new Proxy(app.deps.db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver);
      return (...args: Parameters<Db['transaction']>) => {
        opened++;
        return target.transaction(...args);
      };
    },
  });
  return { deps: { ...app.deps, db }, count: () => opened };
}

/** Ten contacts writing twice each, all at once or one message after the other: transactions opened. */
async function crowd(together: boolean) {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);
  const { deps, count } = countingTransactions();
  const deliveries = Array.from({ length: 10 }, (_, n) => `crowd${n}`).flatMap((visitor) =>
    [1, 2].map((n) => () => receive(deps, inbound(connection, visitor, n))),
  );
  const received = together
    ? await Promise.all(deliveries.map((deliver) => deliver()))
    : await deliveries.reduce(
        async (done, deliver) => [...(await done), await deliver()],
        Promise.resolve([] as Awaited<ReturnType<typeof receive>>[]),
      );
  return { companyId: tenant.companyId, connectionId: connection.id, received, transactions: count() };
}

test('messages of many contacts arriving together share transactions, each stored once on its own ticket', async () => {
  const alone = await crowd(false);
  const together = await crowd(true);

  expect(together.received.every((r) => !r.duplicate)).toBe(true);
  const stored = await app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, together.companyId), eq(messages.connectionId, together.connectionId)));
  expect(stored).toHaveLength(20);
  const open = await app.deps.db.select().from(tickets).where(eq(tickets.companyId, together.companyId));
  expect(open).toHaveLength(10);
  expect(open.every((ticket) => ticket.unreadMessages === 2 && ticket.status === 'pending')).toBe(true);
  // Alone, each message takes its own (plus what the bot writes); together they share a few.
  expect(alone.transactions - together.transactions).toBeGreaterThanOrEqual(10);
});

test("a contact's messages arriving together are stored in the order they came, each seeing the last", async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);

  const received = await Promise.all(
    [1, 2, 3, 4, 5].map((n) => receive(app.deps, inbound(connection, 'chatty', n))),
  );

  const ids = received.map((r) => r.message.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(received.map((r) => r.ticket.unreadMessages)).toEqual([1, 2, 3, 4, 5]);
  const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
  expect(ticket?.lastMessage).toBe('mensagem 5');
});

test('a redelivery arriving with its first delivery is one message; the other answer is the duplicate', async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);

  const received = await Promise.all([
    receive(app.deps, inbound(connection, 'twice', 1)),
    receive(app.deps, inbound(connection, 'twice', 1)),
    receive(app.deps, inbound(connection, 'other', 1)),
  ]);

  expect(received.map((r) => r.duplicate)).toEqual([false, true, false]);
  expect(received[1]?.message.id).toBe(received[0]?.message.id);
  const stored = await app.deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, tenant.companyId), eq(messages.connectionId, connection.id)))
    .orderBy(asc(messages.id));
  expect(stored).toHaveLength(2);
});

test('a message the database refuses fails alone: the others of its batch are stored', async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);

  const results = await Promise.allSettled([
    receive(app.deps, inbound(connection, 'fine1', 1)),
    receive(app.deps, inbound(connection, 'broken', 1, 'nul \u0000 byte')),
    receive(app.deps, inbound(connection, 'fine2', 1)),
  ]);

  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  const stored = await app.deps.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.companyId, tenant.companyId), eq(messages.connectionId, connection.id)));
  expect(stored.map((m) => m.body).sort()).toEqual(['mensagem 1', 'mensagem 1']);
});

test('new customers with numbers arriving together get a contact each; another id with a known number joins it', async () => {
  const tenant = await createTenant(app);
  const connection = await createConnection(tenant.companyId);
  const byPhone = (kind: string, phone: string, n: number): InboundMessage => ({
    ...inbound(connection, `${kind}${phone}`, n),
    channel: 'whatsappapi',
    identity: { kind, value: `${kind}-${phone}-${tenant.companyId}` },
    contact: { name: `Cliente ${phone}`, number: `55119${phone}` },
  });

  await Promise.all([
    receive(app.deps, byPhone('phone', '0001', 0)),
    ...['0001', '0002', '0003', '0004'].map((phone) => receive(app.deps, byPhone('phone', phone, 1))),
    receive(app.deps, byPhone('lid', '0002', 1)),
  ]);

  const people = await app.deps.db
    .select({ id: contacts.id, number: contacts.number })
    .from(contacts)
    .where(eq(contacts.companyId, tenant.companyId));
  expect(people.map((p) => p.number).sort()).toEqual(['551190001', '551190002', '551190003', '551190004']);
  const ids = await app.deps.db
    .select({ contactId: contactIdentities.contactId, value: contactIdentities.value })
    .from(contactIdentities)
    .where(eq(contactIdentities.companyId, tenant.companyId));
  expect(ids).toHaveLength(5);
  const second = people.find((p) => p.number === '551190002')?.id;
  expect(
    ids
      .filter((i) => i.contactId === second)
      .map((i) => i.value.split('-')[0])
      .sort(),
  ).toEqual(['lid', 'phone']);
  const active = await app.deps.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
  expect(active).toHaveLength(4);
  expect(active.find((t) => t.contactId === second)?.unreadMessages).toBe(2);
});
