import { clientEvents, events, type PresenceEvent } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  replay,
  waMessage,
} from '../../../test/baileys-harness.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { contactIdentities, contacts, messages, tickets } from '../../db/schema/index.js';
import { writeSetting } from '../../modules/settings/settings.queries.js';

const media = new Map<string, Buffer>([
  ['IMG1', Buffer.from('jpeg bytes')],
  ['PTT1', Buffer.from('ogg bytes')],
  ['DOC1', Buffer.from('%PDF-1.4')],
  ['STK1', Buffer.from('RIFFwebp')],
  ['VID1', Buffer.from('mp4 bytes')],
]);
const harness = createBaileysHarness(media);
const app = await createTestApp({ whatsappSockets: harness.factory });
const live = await listenForSockets(app);
afterAll(() => live.close());

const CUSTOMER = '5511988887777@s.whatsapp.net';

/** A company with a connected WhatsApp session, as after pairing. */
async function connected(overrides: Parameters<typeof createWhatsappConnection>[2] = {}) {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId, overrides);
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  await waitFor(
    async () => app.whatsapp.sessionOf(connection.id)?.attempt,
    () => true,
  );
  return { ...tenant, connection, socket };
}

const deliver = (
  socket: ReturnType<typeof harness.latest>,
  list: ReturnType<typeof waMessage>[],
  type = 'notify',
) => socket.ev.emit('messages.upsert', { messages: list, type: type as 'notify' });

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

test('a text opens a pending ticket for the number, and the same message delivered twice is stored once', async () => {
  const { socket, connection, companyId } = await connected();
  const text = waMessage({ id: 'TXT1', from: CUSTOMER, message: { conversation: 'Oi, preciso de ajuda' } });

  deliver(socket, [text]);
  deliver(socket, [text]);
  const row = await messageOf(connection.id, 'TXT1');
  await new Promise((resolve) => setTimeout(resolve, 200));

  const stored = await app.deps.db.select().from(messages).where(eq(messages.connectionId, connection.id));
  const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.connectionId, connection.id));
  const [contact] = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, companyId));
  expect(stored).toHaveLength(1);
  expect(row).toMatchObject({ body: 'Oi, preciso de ajuda', fromMe: false });
  expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 1, channel: 'whatsapp' });
  expect(contact).toMatchObject({
    name: 'Maria',
    number: '5511988887777',
    profilePicUrl: 'https://pps.whatsapp.net/5511988887777.jpg',
  });
});

test('every content type is stored with its text, type and file; replies and reactions point at their message', async () => {
  const { socket, connection, companyId } = await connected();
  const original = waMessage({ id: 'ORIG', from: CUSTOMER, message: { conversation: 'original' } });
  deliver(socket, [original]);
  await messageOf(connection.id, 'ORIG');

  deliver(socket, [
    waMessage({
      id: 'QUOTE',
      from: CUSTOMER,
      message: { extendedTextMessage: { text: 'respondendo', contextInfo: { stanzaId: 'ORIG' } } },
    }),
    waMessage({
      id: 'IMG1',
      from: CUSTOMER,
      message: { imageMessage: { mimetype: 'image/jpeg', caption: 'foto' } },
    }),
    waMessage({
      id: 'PTT1',
      from: CUSTOMER,
      message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 7 } },
    }),
    waMessage({
      id: 'DOC1',
      from: CUSTOMER,
      message: { documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf', caption: 'segue' } },
    }),
    waMessage({ id: 'STK1', from: CUSTOMER, message: { stickerMessage: { mimetype: 'image/webp' } } }),
    waMessage({
      id: 'VID1',
      from: CUSTOMER,
      message: { videoMessage: { mimetype: 'video/mp4', caption: 'vídeo' } },
    }),
    waMessage({
      id: 'LOC1',
      from: CUSTOMER,
      message: {
        locationMessage: {
          degreesLatitude: -23.5505,
          degreesLongitude: -46.6333,
          name: 'Loja',
          address: 'Av. Paulista',
        },
      },
    }),
    waMessage({
      id: 'VCF1',
      from: CUSTOMER,
      message: { contactMessage: { displayName: 'João', vcard: 'BEGIN:VCARD\nFN:João\nEND:VCARD' } },
    }),
    waMessage({
      id: 'VCF2',
      from: CUSTOMER,
      message: {
        contactsArrayMessage: {
          displayName: '2 contatos',
          contacts: [
            { displayName: 'A', vcard: 'BEGIN:VCARD\nFN:A\nEND:VCARD' },
            { displayName: 'B', vcard: 'BEGIN:VCARD\nFN:B\nEND:VCARD' },
          ],
        },
      },
    }),
    waMessage({
      id: 'REACT1',
      from: CUSTOMER,
      message: { reactionMessage: { key: { remoteJid: CUSTOMER, fromMe: false, id: 'ORIG' }, text: '👍' } },
    }),
  ]);
  const reaction = await messageOf(connection.id, 'REACT1');

  const rows = await app.deps.db.select().from(messages).where(eq(messages.connectionId, connection.id));
  const by = (id: string) => rows.find((row) => row.externalId === id);
  const orig = by('ORIG');
  expect(by('QUOTE')).toMatchObject({ body: 'respondendo', quotedMessageId: orig?.id });
  expect(by('IMG1')).toMatchObject({ body: 'foto', mediaType: 'image' });
  expect(by('PTT1')).toMatchObject({ body: '🔊', mediaType: 'audio' });
  expect(by('DOC1')).toMatchObject({ body: 'segue', mediaType: 'application', mediaName: 'boleto.pdf' });
  expect(by('STK1')).toMatchObject({ body: 'sticker', mediaType: 'image' });
  expect(by('VID1')).toMatchObject({ body: 'vídeo', mediaType: 'video' });
  expect(by('LOC1')?.mediaType).toBe('locationMessage');
  expect(by('LOC1')?.body).toContain('https://maps.google.com/maps?q=-23.5505%2C-46.6333');
  expect(JSON.parse(by('VCF1')?.body ?? '')).toEqual([
    { displayName: 'João', vcard: 'BEGIN:VCARD\nFN:João\nEND:VCARD' },
  ]);
  expect(JSON.parse(by('VCF2')?.body ?? '')).toHaveLength(2);
  expect(reaction).toMatchObject({ body: '👍', mediaType: 'reactionMessage', quotedMessageId: orig?.id });
  for (const id of ['IMG1', 'PTT1', 'DOC1', 'STK1', 'VID1']) {
    const path = by(id)?.mediaPath ?? '';
    expect(path.startsWith(`company${companyId}/whatsapp/`)).toBe(true);
    const file = await app.deps.storage.read(path);
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(media.get(id));
  }
  expect(by('DOC1')?.mediaPath?.endsWith('.pdf')).toBe(true);
});

test('the customer edits and deletes for everyone: the stored message follows', async () => {
  const { socket, connection } = await connected();
  deliver(socket, [
    waMessage({ id: 'E1', from: CUSTOMER, message: { conversation: 'texto errado' } }),
    waMessage({ id: 'R1', from: CUSTOMER, message: { conversation: 'apagar isso' } }),
    waMessage({ id: 'R2', from: CUSTOMER, message: { conversation: 'e isso' } }),
  ]);
  await messageOf(connection.id, 'R2');

  deliver(socket, [
    waMessage({
      id: 'EDIT-PROTO',
      from: CUSTOMER,
      message: {
        protocolMessage: {
          key: { remoteJid: CUSTOMER, fromMe: false, id: 'E1' },
          type: 14,
          editedMessage: { conversation: 'texto corrigido' },
        },
      },
    }),
    waMessage({
      id: 'REVOKE-PROTO',
      from: CUSTOMER,
      message: { protocolMessage: { key: { remoteJid: CUSTOMER, fromMe: false, id: 'R1' }, type: 0 } },
    }),
  ]);
  socket.ev.emit('messages.update', [
    { key: { remoteJid: CUSTOMER, fromMe: false, id: 'R2' }, update: { message: null, messageStubType: 1 } },
  ]);
  const r2 = await waitFor(
    () => messageOf(connection.id, 'R2'),
    (row) => row?.isDeleted === true,
  );

  expect(await messageOf(connection.id, 'E1')).toMatchObject({ body: 'texto corrigido', isEdited: true });
  expect((await messageOf(connection.id, 'R1'))?.isDeleted).toBe(true);
  expect(r2?.isDeleted).toBe(true);
  const count = await app.deps.db.select().from(messages).where(eq(messages.connectionId, connection.id));
  expect(count).toHaveLength(3);
});

test('groups: ignored unless allowed; then the group is the ticket (status group) and each member is their own contact', async () => {
  const off = await connected();
  const on = await connected({ allowGroup: true });
  const group = '120363025246125486@g.us';
  const fromGroup = (id: string) =>
    waMessage({
      id,
      from: group,
      participant: '5511911112222@s.whatsapp.net',
      pushName: 'Pedro',
      message: { conversation: 'oi grupo' },
    });

  deliver(off.socket, [fromGroup('G-OFF')]);
  deliver(off.socket, [waMessage({ id: 'AFTER', from: CUSTOMER, message: { conversation: 'x' } })]);
  deliver(on.socket, [fromGroup('G-ON')]);
  await messageOf(off.connection.id, 'AFTER');
  const row = await messageOf(on.connection.id, 'G-ON');

  const [ignored] = await app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.connectionId, off.connection.id), eq(messages.externalId, 'G-OFF')));
  const [ticket] = await app.deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.id, row?.ticketId ?? 0));
  const [groupContact] = await app.deps.db
    .select()
    .from(contacts)
    .where(eq(contacts.id, ticket?.contactId ?? 0));
  const [member] = await app.deps.db
    .select()
    .from(contacts)
    .where(eq(contacts.id, row?.contactId ?? 0));
  expect(ignored).toBeUndefined();
  expect(ticket).toMatchObject({ status: 'group', isGroup: true });
  expect(groupContact).toMatchObject({ isGroup: true, name: 'Grupo da loja', number: '120363025246125486' });
  expect(member).toMatchObject({ name: 'Pedro', number: '5511911112222', isGroup: false });
  expect(row?.participant).toBe('5511911112222@s.whatsapp.net');
});

test('a LID sender with its phone is the same contact as that phone; a LID is never stored as a number', async () => {
  const { socket, connection, companyId } = await connected();
  deliver(socket, [waMessage({ id: 'PN1', from: CUSTOMER, message: { conversation: 'pelo número' } })]);
  await messageOf(connection.id, 'PN1');

  deliver(socket, [
    waMessage({
      id: 'LID1',
      from: '123456789012345@lid',
      keyExtra: { senderPn: CUSTOMER },
      message: { conversation: 'pelo lid' },
    }),
    waMessage({ id: 'LID2', from: '999999999999999@lid', message: { conversation: 'lid sem número' } }),
  ]);
  const lid1 = await messageOf(connection.id, 'LID1');
  const lid2 = await messageOf(connection.id, 'LID2');
  const pn1 = await messageOf(connection.id, 'PN1');

  expect(lid1?.ticketId).toBe(pn1?.ticketId);
  const identities = await app.deps.db
    .select()
    .from(contactIdentities)
    .where(eq(contactIdentities.contactId, pn1?.contactId ?? 0));
  expect(identities.map((i) => `${i.kind}:${i.value}`).sort()).toEqual([
    'lid:123456789012345',
    'phone:5511988887777',
  ]);
  const [stranger] = await app.deps.db
    .select()
    .from(contacts)
    .where(eq(contacts.id, lid2?.contactId ?? 0));
  expect(stranger?.number).toBeNull();
  expect(stranger?.companyId).toBe(companyId);
});

test('status updates and channel posts are ignored; a message typed on the phone is stored as ours and not unread', async () => {
  const { socket, connection } = await connected();
  deliver(socket, [
    waMessage({
      id: 'ST1',
      from: 'status@broadcast',
      participant: CUSTOMER,
      message: { conversation: 'story' },
    }),
    waMessage({ id: 'NL1', from: '1203630@newsletter', message: { conversation: 'post' } }),
  ]);
  deliver(
    socket,
    [waMessage({ id: 'ME1', from: CUSTOMER, fromMe: true, message: { conversation: 'do celular' } })],
    'append',
  );
  const mine = await messageOf(connection.id, 'ME1');

  const rows = await app.deps.db.select().from(messages).where(eq(messages.connectionId, connection.id));
  const [ticket] = await app.deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.id, mine?.ticketId ?? 0));
  expect(rows.map((r) => r.externalId)).toEqual(['ME1']);
  expect(mine).toMatchObject({ fromMe: true, ack: 1 });
  expect(ticket?.unreadMessages).toBe(0);
});

test('the customer typing reaches those who see the ticket, and clears when they stop', async () => {
  const { socket, connection, admin, companyId } = await connected();
  deliver(socket, [waMessage({ id: 'P1', from: CUSTOMER, message: { conversation: 'oi' } })]);
  const first = await messageOf(connection.id, 'P1');
  const agent = await live.connect({ token: admin.token });
  const heard = collect<PresenceEvent>(agent, events.presence(companyId));

  socket.ev.emit('presence.update', {
    id: CUSTOMER,
    presences: { [CUSTOMER]: { lastKnownPresence: 'composing' } },
  });
  socket.ev.emit('presence.update', {
    id: CUSTOMER,
    presences: { [CUSTOMER]: { lastKnownPresence: 'recording' } },
  });
  socket.ev.emit('presence.update', {
    id: CUSTOMER,
    presences: { [CUSTOMER]: { lastKnownPresence: 'paused' } },
  });
  await waitFor(
    async () => heard,
    (list) => list.length === 3,
  );

  expect(heard).toEqual([
    { ticketId: first?.ticketId, userId: null, state: 'composing' },
    { ticketId: first?.ticketId, userId: null, state: 'recording' },
    { ticketId: first?.ticketId, userId: null, state: null },
  ]);
});

test("an agent typing in a chat they see shows on the customer's WhatsApp; an agent who cannot see it shows nothing", async () => {
  const { socket, connection, admin, companyId } = await connected();
  deliver(socket, [waMessage({ id: 'T1', from: CUSTOMER, message: { conversation: 'oi' } })]);
  const first = await messageOf(connection.id, 'T1');
  const outsider = await createUser(app, companyId, { profile: 'user' });
  await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId: admin.id })
    .where(eq(tickets.id, first?.ticketId ?? 0));
  const agent = await live.connect({ token: admin.token });
  const other = await live.connect({ token: outsider.token });

  other.emit(clientEvents.typing, { ticketId: first?.ticketId, state: 'composing' });
  agent.emit(clientEvents.typing, { ticketId: first?.ticketId, state: 'recording' });
  await waitFor(
    async () => socket.presences,
    (list) => list.length > 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));

  expect(socket.presences).toEqual([{ state: 'recording', jid: CUSTOMER }]);
});

test('a call is logged as call_log; with calls disabled it is also rejected and the caller asked to write', async () => {
  const accepting = await connected();
  const refusing = await connected();
  await writeSetting(app.deps.db, refusing.companyId, 'acceptCallWhatsapp', 'disabled');
  const call = (id: string) => ({
    chatId: CUSTOMER,
    from: CUSTOMER,
    id,
    date: new Date(),
    status: 'offer' as const,
    offline: false,
    isVideo: false,
  });

  accepting.socket.ev.emit('call', [call('CALL-A')]);
  refusing.socket.ev.emit('call', [call('CALL-B')]);
  const logged = await messageOf(accepting.connection.id, 'call:CALL-A');
  const refused = await messageOf(refusing.connection.id, 'call:CALL-B');
  const reply = await waitFor(
    async () => refusing.socket.sent,
    (sent) => sent.length > 0,
  );

  expect(logged).toMatchObject({ mediaType: 'call_log', body: 'Chamada de voz' });
  expect(accepting.socket.rejected).toEqual([]);
  expect(refused).toMatchObject({ mediaType: 'call_log', body: 'Chamada de voz recusada' });
  expect(refusing.socket.rejected).toEqual(['CALL-B']);
  expect(String(reply[0]?.content.text)).toContain('chamadas de voz e vídeo estão desabilitadas');
});
