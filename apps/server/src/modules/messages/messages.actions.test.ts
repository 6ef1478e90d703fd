import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections, contacts, messages, tickets } from '../../db/schema/index.js';
import type { OutboundDelivery } from '../../platform/ports/channel-adapter.js';

const app = await createTestApp();
afterAll(() => app.close());

const SIXTEEN_MINUTES = 16 * 60_000;

/**
 * An open ticket of the admin's, with one reply of theirs that the outbox has settled: it fails at
 * once here (the test ticket's website contact has no visitor), and settling dates the row, which a
 * test that backdates it must come after.
 */
async function replied(body = 'Olá') {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const sent = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body },
  });
  const message = sent.body as { id: number };
  await waitFor(
    async () => (await app.deps.db.select().from(messages).where(eq(messages.id, message.id)))[0],
    (row) => row?.sendState !== 'pending' && row?.sendState !== 'sending',
  );
  return { tenant, ticket, message };
}

async function listed(ticketId: number, token: string) {
  const { body } = await call(app, 'GET', `/messages/${ticketId}`, { token });
  return body.messages as { id: number; body: string; isEdited: boolean; isDeleted: boolean }[];
}

test('the sender edits a message: new text, marked edited', async () => {
  const { tenant, ticket, message } = await replied();

  const edited = await call(app, 'POST', `/messages/edit/${message.id}`, {
    token: tenant.admin.token,
    body: { body: 'Olá, tudo bem?' },
  });

  expect(edited).toMatchObject({ status: 200, body: { body: 'Olá, tudo bem?', isEdited: true } });
  expect((await listed(ticket.id, tenant.admin.token))[0]).toMatchObject({ body: 'Olá, tudo bem?' });
});

test('only the sender edits or deletes, even an admin who sees the ticket is refused', async () => {
  const { tenant, message } = await replied();
  const other = await createUser(app, tenant.companyId, { profile: 'admin' });

  const edit = await call(app, 'POST', `/messages/edit/${message.id}`, {
    token: other.token,
    body: { body: 'não é meu' },
  });
  const remove = await call(app, 'DELETE', `/messages/${message.id}`, { token: other.token });

  expect(edit).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  expect(remove).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
});

test('a message last updated more than 15 minutes ago is not editable', async () => {
  const { tenant, message } = await replied();
  await app.deps.db
    .update(messages)
    .set({ updatedAt: new Date(Date.now() - SIXTEEN_MINUTES) })
    .where(eq(messages.id, message.id));

  const edit = await call(app, 'POST', `/messages/edit/${message.id}`, {
    token: tenant.admin.token,
    body: { body: 'tarde demais' },
  });

  expect(edit).toMatchObject({ status: 400, body: { error: 'ERR_MESSAGE_NOT_EDITABLE' } });
});

test('the sender deletes a message: it stays, marked deleted, and can no longer be edited', async () => {
  const { tenant, ticket, message } = await replied();

  const removed = await call(app, 'DELETE', `/messages/${message.id}`, { token: tenant.admin.token });
  const edit = await call(app, 'POST', `/messages/edit/${message.id}`, {
    token: tenant.admin.token,
    body: { body: 'de volta' },
  });

  expect(removed).toMatchObject({ status: 200, body: { isDeleted: true } });
  expect((await listed(ticket.id, tenant.admin.token))[0]).toMatchObject({ isDeleted: true });
  expect(edit).toMatchObject({ status: 400, body: { error: 'ERR_MESSAGE_NOT_EDITABLE' } });
});

test("another company's message is not found for edit or delete", async () => {
  const { message } = await replied();
  const stranger = await createTenant(app);

  const edit = await call(app, 'POST', `/messages/edit/${message.id}`, {
    token: stranger.admin.token,
    body: { body: 'x' },
  });
  const remove = await call(app, 'DELETE', `/messages/${message.id}`, { token: stranger.admin.token });

  expect(edit).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  expect(remove).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
});

test('the channel is asked to show the edit and the deletion to the customer', async () => {
  const { tenant, ticket, message } = await replied();
  const changes: { change: string; body: string; isDeleted: boolean }[] = [];
  const record =
    (change: string) =>
    async ({ message: sent }: OutboundDelivery) => {
      changes.push({ change, body: sent.body, isDeleted: sent.isDeleted });
    };
  app.deps.channels.set('recording', {
    send: async () => ({ externalId: 'x', ack: 1 }),
    edit: record('edit'),
    revoke: record('revoke'),
  });
  await app.deps.db
    .update(connections)
    .set({ channel: 'recording' })
    .where(eq(connections.id, ticket.connectionId as number));
  await app.deps.db
    .update(messages)
    .set({ externalId: `sent-${message.id}` })
    .where(eq(messages.id, message.id));

  await call(app, 'POST', `/messages/edit/${message.id}`, {
    token: tenant.admin.token,
    body: { body: 'Oi!' },
  });
  await call(app, 'DELETE', `/messages/${message.id}`, { token: tenant.admin.token });

  expect(changes).toEqual([
    { change: 'edit', body: 'Oi!', isDeleted: false },
    { change: 'revoke', body: 'Oi!', isDeleted: true },
  ]);
});

test('a reply keeps the message it quotes, which must be of the same ticket', async () => {
  const { tenant, ticket, message } = await replied('Pergunta');
  const elsewhere = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const foreign = await call(app, 'POST', `/messages/${elsewhere.id}`, {
    token: tenant.admin.token,
    body: { body: 'outra conversa' },
  });

  const reply = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Resposta', quotedMsgId: message.id },
  });
  const crossTicket = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Resposta', quotedMsgId: foreign.body.id },
  });

  const quoted = { id: message.id, body: 'Pergunta', fromMe: true };
  expect(reply).toMatchObject({ status: 201, body: { quotedMsg: quoted } });
  expect((await listed(ticket.id, tenant.admin.token)).at(-1)).toMatchObject({ quotedMsg: quoted });
  expect(crossTicket).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
});

/** A second contact of the company with an active ticket on the same connection as `ticket`. */
async function activeTicketOfAnotherContact(companyId: number, connectionId: number) {
  const [contact] = await app.deps.db
    .insert(contacts)
    .values({ companyId, name: 'Destino', number: `55118${Date.now() % 100_000_000}`, channel: 'whatsapp' })
    .returning();
  if (!contact) throw new Error('contact not created');
  const [target] = await app.deps.db
    .insert(tickets)
    .values({ companyId, contactId: contact.id, connectionId, status: 'open' })
    .returning();
  if (!target) throw new Error('ticket not created');
  return { contact, target };
}

test('forwarding copies the messages into the contact’s active ticket, marked forwarded, 900 ms apart', async () => {
  const { tenant, ticket, message } = await replied('primeira');
  const second = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'segunda' },
  });
  const { contact, target } = await activeTicketOfAnotherContact(
    tenant.companyId,
    ticket.connectionId as number,
  );

  const forwarded = await call(app, 'POST', '/message/forward', {
    token: tenant.admin.token,
    body: { messageIds: [second.body.id, message.id], contactId: contact.id },
  });

  expect(forwarded).toMatchObject({ status: 201, body: { ticketId: target.id } });
  const copies = await listed(target.id, tenant.admin.token);
  expect(copies).toMatchObject([
    { body: 'primeira', isForwarded: true },
    { body: 'segunda', isForwarded: true },
  ]);
  const [first, next] = await app.deps.db
    .select({ nextAttemptAt: messages.nextAttemptAt })
    .from(messages)
    .where(inArray(messages.id, forwarded.body.messageIds))
    .orderBy(asc(messages.nextAttemptAt));
  if (!first?.nextAttemptAt || !next?.nextAttemptAt) throw new Error('forwarded copies not queued');
  expect(next.nextAttemptAt.getTime() - first.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(900);
});

test('forwarding opens a new ticket when the contact has none active on the connection', async () => {
  const { tenant, ticket, message } = await replied('aviso');
  const { contact, target } = await activeTicketOfAnotherContact(
    tenant.companyId,
    ticket.connectionId as number,
  );
  await app.deps.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, target.id));

  const forwarded = await call(app, 'POST', '/message/forward', {
    token: tenant.admin.token,
    body: { messageIds: [message.id], contactId: contact.id },
  });

  expect(forwarded.status).toBe(201);
  expect(forwarded.body.ticketId).not.toBe(target.id);
  const [created] = await app.deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, tenant.companyId), inArray(tickets.id, [forwarded.body.ticketId])));
  expect(created).toMatchObject({ contactId: contact.id, connectionId: ticket.connectionId });
});

test("forwarding to another company's contact, or another company's message, is not found", async () => {
  const { tenant, ticket, message } = await replied();
  const stranger = await createTenant(app);
  const strangers = await activeTicketOfAnotherContact(
    stranger.companyId,
    (await createTicket(app, stranger.companyId)).connectionId as number,
  );
  const mine = await activeTicketOfAnotherContact(tenant.companyId, ticket.connectionId as number);

  const toStranger = await call(app, 'POST', '/message/forward', {
    token: tenant.admin.token,
    body: { messageIds: [message.id], contactId: strangers.contact.id },
  });
  const fromStranger = await call(app, 'POST', '/message/forward', {
    token: stranger.admin.token,
    body: { messageIds: [message.id], contactId: strangers.contact.id },
  });

  expect(toStranger).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  expect(fromStranger).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  expect(await listed(mine.target.id, tenant.admin.token)).toEqual([]);
});

test('a reaction shows under the message; another emoji replaces it, the same one takes it back', async () => {
  const { tenant, ticket, message } = await replied();
  const react = (emoji: string, token = tenant.admin.token) =>
    call(app, 'POST', `/messages/${message.id}/react`, { token, body: { emoji } });

  const first = await react('👍');
  const colleague = await createUser(app, tenant.companyId, { profile: 'admin' });
  await react('❤️', colleague.token);
  await react('😂');
  const shown = (await listed(ticket.id, tenant.admin.token))[0];
  const takenBack = await react('😂');

  expect(first).toMatchObject({
    status: 200,
    body: { reactions: [{ emoji: '👍', userId: tenant.admin.id }] },
  });
  expect(shown).toMatchObject({
    reactions: [
      { emoji: '❤️', userId: colleague.id },
      { emoji: '😂', userId: tenant.admin.id },
    ],
  });
  expect(takenBack.body.reactions).toEqual([{ emoji: '❤️', userId: colleague.id }]);
});

test("another company's message cannot be reacted to", async () => {
  const { message } = await replied();
  const stranger = await createTenant(app);

  const react = await call(app, 'POST', `/messages/${message.id}/react`, {
    token: stranger.admin.token,
    body: { emoji: '👍' },
  });

  expect(react).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
});

test("a user who cannot see the message's ticket can neither react to it nor forward it", async () => {
  const { tenant, ticket, message } = await replied();
  const attendant = await createUser(app, tenant.companyId, { profile: 'user' });
  const { contact } = await activeTicketOfAnotherContact(tenant.companyId, ticket.connectionId as number);

  const react = await call(app, 'POST', `/messages/${message.id}/react`, {
    token: attendant.token,
    body: { emoji: '👍' },
  });
  const forward = await call(app, 'POST', '/message/forward', {
    token: attendant.token,
    body: { messageIds: [message.id], contactId: contact.id },
  });

  expect(react).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  expect(forward).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
});
