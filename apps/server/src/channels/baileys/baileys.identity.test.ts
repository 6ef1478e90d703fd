import { events } from '@balcao/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  replay,
  waMessage,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import {
  contactCustomFields,
  contactIdentities,
  contacts,
  contactTags,
  messages,
  tags,
  ticketNotes,
  tickets,
} from '../../db/schema/index.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory });
const live = await listenForSockets(app);
afterAll(() => live.close());

const PHONE = '5511977776666@s.whatsapp.net';
const LID = '111222333444555@lid';

async function connected() {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  await waitFor(
    async () => app.whatsapp.sessionOf(connection.id)?.attempt,
    () => true,
  );
  return { ...tenant, connection, socket };
}

type Socket = Awaited<ReturnType<typeof connected>>['socket'];
const deliver = (socket: Socket, list: ReturnType<typeof waMessage>[]) =>
  socket.ev.emit('messages.upsert', { messages: list, type: 'notify' });

const messageOf = (connectionId: number, externalId: string) =>
  waitFor(
    async () =>
      (
        await app.deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
      )[0],
    (row) => row !== undefined,
  );

const contactsOf = (companyId: number) =>
  app.deps.db.select().from(contacts).where(eq(contacts.companyId, companyId));

/** A customer first seen by their LID, then by their phone: two contacts, each with a ticket. */
async function twoHalves(socket: Socket, connectionId: number) {
  deliver(socket, [waMessage({ id: 'BY-LID', from: LID, message: { conversation: 'pelo lid' } })]);
  const byLid = await messageOf(connectionId, 'BY-LID');
  deliver(socket, [waMessage({ id: 'BY-PN', from: PHONE, message: { conversation: 'pelo número' } })]);
  const byPhone = await messageOf(connectionId, 'BY-PN');
  return { byLid, byPhone };
}

test('a LID contact and a phone contact become one when WhatsApp shares the number: tickets, messages, tags, fields and notes move, once', async () => {
  const { socket, connection, companyId, admin } = await connected();
  const other = await connected();
  const heard = collect<{ action: string; mergedId?: number; contact?: { id: number } }>(
    await live.connect({ token: admin.token }),
    events.contact(companyId),
  );
  const stranger = collect(await live.connect({ token: other.admin.token }), events.contact(companyId));
  const { byLid, byPhone } = await twoHalves(socket, connection.id);
  await twoHalves(other.socket, other.connection.id);
  const lidContact = byLid?.contactId as number;
  const phoneContact = byPhone?.contactId as number;
  expect(lidContact).not.toBe(phoneContact);
  // The two active tickets of one chat: the LID's was accepted, so it is the one that stays.
  await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId: admin.id })
    .where(eq(tickets.id, byLid?.ticketId as number));
  const [vip, both] = await app.deps.db
    .insert(tags)
    .values([
      { companyId, name: `vip ${connection.id}` },
      { companyId, name: `both ${connection.id}` },
    ])
    .returning();
  await app.deps.db.insert(contactTags).values([
    { contactId: lidContact, tagId: vip?.id as number },
    { contactId: lidContact, tagId: both?.id as number },
    { contactId: phoneContact, tagId: both?.id as number },
  ]);
  await app.deps.db.insert(contactCustomFields).values([
    { companyId, contactId: lidContact, name: 'cpf', value: '123' },
    { companyId, contactId: lidContact, name: 'city', value: 'from lid' },
    { companyId, contactId: phoneContact, name: 'city', value: 'from phone' },
  ]);
  await app.deps.db
    .insert(ticketNotes)
    .values({ companyId, ticketId: byLid?.ticketId as number, contactId: lidContact, note: 'ligar amanhã' });

  socket.ev.emit('chats.phoneNumberShare', { lid: LID, jid: PHONE });
  socket.ev.emit('chats.phoneNumberShare', { lid: LID, jid: PHONE });
  await waitFor(
    async () => (await contactsOf(companyId)).length,
    (n) => n === 1,
  );
  deliver(socket, [waMessage({ id: 'AFTER', from: LID, message: { conversation: 'de novo' } })]);
  const after = await messageOf(connection.id, 'AFTER');

  const [survivor] = await contactsOf(companyId);
  expect(survivor?.id).toBe(phoneContact);
  expect(survivor?.number).toBe('5511977776666');
  const moved = await app.deps.db
    .select()
    .from(messages)
    .where(inArray(messages.externalId, ['BY-LID', 'BY-PN', 'AFTER']));
  const ours = moved.filter((m) => m.connectionId === connection.id);
  expect(ours.map((m) => m.contactId)).toEqual([phoneContact, phoneContact, phoneContact]);
  expect(new Set(ours.map((m) => m.ticketId))).toEqual(new Set([byLid?.ticketId]));
  const active = await app.deps.db.select().from(tickets).where(eq(tickets.contactId, phoneContact));
  expect(active).toHaveLength(1);
  expect(active[0]).toMatchObject({ id: byLid?.ticketId, status: 'open', unreadMessages: 3 });
  expect(after?.ticketId).toBe(byLid?.ticketId);
  const identities = await app.deps.db
    .select()
    .from(contactIdentities)
    .where(eq(contactIdentities.companyId, companyId));
  expect(identities.map((i) => `${i.contactId}:${i.kind}:${i.value}`).sort()).toEqual([
    `${phoneContact}:lid:111222333444555`,
    `${phoneContact}:phone:5511977776666`,
  ]);
  const tagged = await app.deps.db.select().from(contactTags).where(eq(contactTags.contactId, phoneContact));
  expect(tagged.map((t) => t.tagId).sort()).toEqual([vip?.id, both?.id].sort());
  const fields = await app.deps.db
    .select()
    .from(contactCustomFields)
    .where(eq(contactCustomFields.contactId, phoneContact));
  expect(fields.map((f) => `${f.name}=${f.value}`).sort()).toEqual(['city=from phone', 'cpf=123']);
  const [note] = await app.deps.db
    .select()
    .from(ticketNotes)
    .where(eq(ticketNotes.ticketId, byLid?.ticketId as number));
  expect(note?.contactId).toBe(phoneContact);
  // The other company's two contacts for the same ids are untouched.
  expect(await contactsOf(other.companyId)).toHaveLength(2);
  await waitFor(
    async () => heard,
    (seen) => seen.some((e) => e.action === 'merge'),
  );
  expect(heard.filter((e) => e.action === 'merge')).toEqual([
    expect.objectContaining({ mergedId: lidContact, contact: expect.objectContaining({ id: phoneContact }) }),
  ]);
  expect(stranger).toEqual([]);
});

test('a message key naming both addresses merges the contacts before it is stored', async () => {
  const { socket, connection, companyId } = await connected();
  const { byLid } = await twoHalves(socket, connection.id);

  deliver(socket, [
    waMessage({
      id: 'KEYED',
      from: PHONE,
      keyExtra: { senderLid: LID } as never,
      message: { conversation: 'com os dois' },
    }),
  ]);
  const keyed = await messageOf(connection.id, 'KEYED');

  const [only, ...rest] = await contactsOf(companyId);
  expect(rest).toEqual([]);
  expect(keyed?.contactId).toBe(only?.id);
  const [old] = await app.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, byLid?.id as number));
  expect(old?.contactId).toBe(only?.id);
});

test("a synced contact with both addresses merges too; with no ticket accepted the phone contact's ticket takes in the other's conversation, and the list drops it", async () => {
  const { socket, connection, companyId, admin } = await connected();
  const heard = collect<{ action: string; ticketId?: number; ticket?: { id: number } }>(
    await live.connect({ token: admin.token }),
    events.ticket(companyId),
  );
  const { byLid, byPhone } = await twoHalves(socket, connection.id);

  socket.ev.emit('contacts.upsert', [{ id: PHONE, lid: LID, notify: 'Maria' }]);
  await waitFor(
    async () => (await contactsOf(companyId)).length,
    (n) => n === 1,
  );

  const gone = await app.deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.id, byLid?.ticketId as number));
  expect(gone).toEqual([]);
  const [kept] = await app.deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.id, byPhone?.ticketId as number));
  expect(kept).toMatchObject({ status: 'pending', unreadMessages: 2, lastMessage: 'pelo número' });
  const [moved] = await app.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, byLid?.id as number));
  expect(moved).toMatchObject({ ticketId: byPhone?.ticketId, contactId: byPhone?.contactId });
  await waitFor(
    async () => heard,
    (seen) => seen.some((e) => e.action === 'delete' && e.ticketId === byLid?.ticketId),
  );
  expect(heard.some((e) => e.action === 'update' && e.ticket?.id === byPhone?.ticketId)).toBe(true);
});

test('a customer taking back a reaction removes it from the message, and open chats hear it', async () => {
  const { socket, connection, companyId, admin } = await connected();
  const heard = collect<{ action: string; message: { id: number; isDeleted: boolean } }>(
    await live.connect({ token: admin.token }),
    events.appMessage(companyId),
  );
  deliver(socket, [waMessage({ id: 'TARGET', from: PHONE, message: { conversation: 'olha' } })]);
  await messageOf(connection.id, 'TARGET');
  const reactTo = { key: { remoteJid: PHONE, fromMe: false, id: 'TARGET' } };
  deliver(socket, [
    waMessage({ id: 'R1', from: PHONE, message: { reactionMessage: { ...reactTo, text: '👍' } } }),
  ]);
  const reaction = await messageOf(connection.id, 'R1');

  deliver(socket, [
    waMessage({ id: 'R2', from: PHONE, message: { reactionMessage: { ...reactTo, text: '' } } }),
  ]);
  await waitFor(
    async () => heard,
    (seen) => seen.some((e) => e.action === 'update' && e.message.id === reaction?.id),
  );

  const [after] = await app.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, reaction?.id as number));
  expect(after?.isDeleted).toBe(true);
  const stored = await app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.connectionId, connection.id), eq(messages.externalId, 'R2')));
  expect(stored).toEqual([]);
  expect(heard.find((e) => e.action === 'update')?.message).toMatchObject({
    id: reaction?.id,
    isDeleted: true,
  });
});
