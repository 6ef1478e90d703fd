import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createQueue, createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { connections, contacts, messages, tickets } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

/**
 * An attendant serving one queue, with a message of theirs on a ticket of that queue they hold, and
 * a second queue they do not serve.
 */
async function attendantWithMessage() {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId, { profile: 'user' });
  const served = await createQueue(app, tenant.companyId, [attendant]);
  const foreign = await createQueue(app, tenant.companyId);
  const source = await createTicket(app, tenant.companyId, {
    status: 'open',
    userId: attendant.id,
    queueId: served.id,
  });
  const sent = await call(app, 'POST', `/messages/${source.id}`, {
    token: attendant.token,
    body: { body: 'segredo do cliente A' },
  });
  expect(sent.status).toBe(201);
  return { tenant, attendant, foreign, source, messageId: sent.body.id as number };
}

async function newContact(companyId: number, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [contact] = await app.deps.db
    .insert(contacts)
    .values({ companyId, name: 'Destino', number: `55117${Date.now() % 100_000_000}`, ...values })
    .returning();
  if (!contact) throw new Error('contact not created');
  return contact;
}

const messagesOn = (ticketId: number) =>
  app.deps.db.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, ticketId));

test('forwarding into the active ticket of a queue the attendant does not serve is refused as sending there is', async () => {
  const { tenant, attendant, foreign, source, messageId } = await attendantWithMessage();
  const contact = await newContact(tenant.companyId);
  const [target] = await app.deps.db
    .insert(tickets)
    .values({
      companyId: tenant.companyId,
      contactId: contact.id,
      connectionId: source.connectionId,
      status: 'open',
      queueId: foreign.id,
      userId: tenant.admin.id,
    })
    .returning();
  if (!target) throw new Error('ticket not created');

  const send = await call(app, 'POST', `/messages/${target.id}`, {
    token: attendant.token,
    body: { body: 'direto' },
  });
  const forward = await call(app, 'POST', '/message/forward', {
    token: attendant.token,
    body: { messageIds: [messageId], contactId: contact.id },
  });

  expect(send).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  expect(forward).toMatchObject({ status: send.status, body: { error: send.body.error } });
  expect(await messagesOn(target.id)).toEqual([]);
});

test('forwarding that would reopen a contact’s ticket into a queue the attendant does not serve is refused, the ticket left closed', async () => {
  const { tenant, attendant, foreign, source, messageId } = await attendantWithMessage();
  const contact = await newContact(tenant.companyId);
  await app.deps.db
    .update(connections)
    .set({ timeCreateNewTicket: 60 })
    .where(eq(connections.id, source.connectionId as number));
  const [closed] = await app.deps.db
    .insert(tickets)
    .values({
      companyId: tenant.companyId,
      contactId: contact.id,
      connectionId: source.connectionId,
      status: 'closed',
      queueId: foreign.id,
      closedAt: new Date(),
    })
    .returning();
  if (!closed) throw new Error('ticket not created');

  const forward = await call(app, 'POST', '/message/forward', {
    token: attendant.token,
    body: { messageIds: [messageId], contactId: contact.id },
  });

  expect(forward).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  const [after] = await app.deps.db.select().from(tickets).where(eq(tickets.id, closed.id));
  expect(after?.status).toBe('closed');
  expect(await messagesOn(closed.id)).toEqual([]);
});

test('forwarding to a group the attendant may not see is refused and opens no ticket; one who sees groups gets a group ticket', async () => {
  const { tenant, attendant, source, messageId } = await attendantWithMessage();
  const group = await newContact(tenant.companyId, {
    name: 'Grupo',
    number: '120363000000000001',
    isGroup: true,
  });
  const ticketsOfGroup = () =>
    app.deps.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, tenant.companyId), eq(tickets.contactId, group.id)));

  const refused = await call(app, 'POST', '/message/forward', {
    token: attendant.token,
    body: { messageIds: [messageId], contactId: group.id },
  });
  expect(refused).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  expect(await ticketsOfGroup()).toEqual([]);

  const admin = await call(app, 'POST', '/message/forward', {
    token: tenant.admin.token,
    body: { messageIds: [messageId], contactId: group.id },
  });
  expect(admin.status).toBe(201);
  expect(await ticketsOfGroup()).toMatchObject([
    { id: admin.body.ticketId, status: 'group', isGroup: true, connectionId: source.connectionId },
  ]);
});

test('an attendant still forwards into a new waiting ticket, which every attendant may open', async () => {
  const { tenant, attendant, messageId } = await attendantWithMessage();
  const contact = await newContact(tenant.companyId);

  const forward = await call(app, 'POST', '/message/forward', {
    token: attendant.token,
    body: { messageIds: [messageId], contactId: contact.id },
  });

  expect(forward.status).toBe(201);
  expect(await messagesOn(forward.body.ticketId)).toHaveLength(1);
});
