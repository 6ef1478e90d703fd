import { events, type TicketEvent } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  replay,
  waMessage,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { connections, contacts, messages, ticketLogs, tickets } from '../../db/schema/index.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory, env: { WHATSAPP_RETRY_BASE_MS: '20' } });
const live = await listenForSockets(app);
afterAll(() => live.close());

const DAY = 24 * 3600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function connected(overrides: Parameters<typeof createWhatsappConnection>[2] = {}) {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId, overrides);
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  await waitForStatus(connection.id, 'CONNECTED');
  return { ...tenant, connection, socket };
}

const waitForStatus = (id: number, status: string) =>
  waitFor(
    async () => (await app.deps.db.select().from(connections).where(eq(connections.id, id)))[0],
    (row) => row?.status === status,
  );

const ticketOf = async (connectionId: number, externalId: string) => {
  const row = await waitFor(
    async () =>
      (
        await app.deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
      )[0],
    (value) => value !== undefined,
  );
  return (
    await app.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, row?.ticketId ?? 0))
  )[0];
};

test('after a reconnect, messages from the gap are back-filled and their tickets say they arrived while offline', async () => {
  const { connection, socket } = await connected();
  replay.close(socket, 428);
  const next = (await waitFor(
    async () => harness.sockets.at(-1),
    (value) => value !== socket,
  )) as typeof socket;
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const inGap = new Date();
  replay.open(next);
  await waitForStatus(connection.id, 'CONNECTED');

  next.ev.emit('messages.upsert', {
    type: 'append',
    messages: [
      waMessage({
        id: 'GAP1',
        from: '5511955554444@s.whatsapp.net',
        at: inGap,
        message: { conversation: 'alô?' },
      }),
    ],
  });
  next.ev.emit('messages.upsert', {
    type: 'notify',
    messages: [
      waMessage({
        id: 'LATER',
        from: '5511933332222@s.whatsapp.net',
        at: new Date(Date.now() + 5000),
        message: { conversation: 'agora' },
      }),
    ],
  });

  expect((await ticketOf(connection.id, 'GAP1'))?.arrivedOffline).toBe(true);
  expect((await ticketOf(connection.id, 'LATER'))?.arrivedOffline).toBe(false);
});

test('history import stores the range asked for as imported (no greeting, nothing unread), reports progress, and closedimported closes them', async () => {
  const { connection, socket, admin, companyId } = await connected({
    importOldMessages: daysAgo(30),
    greetingMessage: 'Bem-vindo!',
  });
  const adminSocket = await live.connect({ token: admin.token });
  const progress = collect<{ action: string }>(adminSocket, events.importMessages(companyId));

  socket.ev.emit('messaging-history.set', {
    chats: [],
    contacts: [],
    isLatest: true,
    messages: [
      waMessage({
        id: 'H-IN',
        from: '5511944443333@s.whatsapp.net',
        at: daysAgo(10),
        message: { conversation: 'antigo' },
      }),
      waMessage({
        id: 'H-IN2',
        from: '5511944443333@s.whatsapp.net',
        at: daysAgo(20),
        message: { conversation: 'mais antigo' },
      }),
      waMessage({
        id: 'H-OLD',
        from: '5511944443333@s.whatsapp.net',
        at: daysAgo(60),
        message: { conversation: 'velho' },
      }),
      waMessage({
        id: 'H-GROUP',
        from: '1203630000@g.us',
        participant: '5511944443333@s.whatsapp.net',
        at: daysAgo(5),
        message: { conversation: 'grupo' },
      }),
    ],
  });
  const ticket = await ticketOf(connection.id, 'H-IN2');
  await waitFor(
    async () => progress,
    (list) => list.some((e) => e.action === 'refresh'),
  );

  const stored = await app.deps.db
    .select()
    .from(messages)
    .where(eq(messages.connectionId, connection.id))
    .orderBy(messages.externalId);
  expect(stored.map((m) => m.externalId)).toEqual(['H-IN', 'H-IN2']);
  expect(ticket).toMatchObject({
    imported: true,
    unreadMessages: 0,
    lastMessage: 'antigo',
    lastMessageFromMe: false,
  });
  expect(progress.map((e) => e.action)).toEqual(['update', 'refresh']);
  expect(progress[0]).toMatchObject({ status: { this: 2, all: 2 } });
  const [row] = await app.deps.db.select().from(connections).where(eq(connections.id, connection.id));
  expect(row?.statusImportMessages).not.toBeNull();

  const closed = await call(app, 'POST', `/closedimported/${connection.id}`, { token: admin.token });
  const [after] = await app.deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.id, ticket?.id ?? 0));
  expect(closed.body).toEqual({ closed: 1 });
  expect(after?.status).toBe('closed');
});

const historyMessage = (id: string, number: string, days: number) =>
  waMessage({ id, from: `${number}@s.whatsapp.net`, at: daysAgo(days), message: { conversation: id } });

/** An import in two batches; between them an agent takes the first batch's ticket. */
async function importInTwoBatches(closedTicketsPostImported: boolean) {
  const { connection, socket, admin, companyId } = await connected({
    importOldMessages: daysAgo(30),
    closedTicketsPostImported,
  });
  const adminSocket = await live.connect({ token: admin.token });
  const progress = collect<{ action: string }>(adminSocket, events.importMessages(companyId));
  const ticketEvents = collect<TicketEvent>(adminSocket, events.ticket(companyId));
  const batch = (isLatest: boolean, messages: ReturnType<typeof waMessage>[]) =>
    socket.ev.emit('messaging-history.set', { chats: [], contacts: [], isLatest, messages });

  batch(false, [historyMessage('TAKEN', '5511911110000', 5)]);
  const taken = await ticketOf(connection.id, 'TAKEN');
  const accepted = await call(app, 'PUT', `/tickets/${taken?.id}`, {
    token: admin.token,
    body: { status: 'open' },
  });
  expect(accepted.status).toBe(200);
  batch(true, [historyMessage('A1', '5511911110001', 3), historyMessage('B1', '5511911110002', 4)]);
  await waitFor(
    async () => progress,
    (list) => list.some((e) => e.action === 'refresh'),
  );
  const imported = await app.deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.connectionId, connection.id), eq(tickets.imported, true)))
    .orderBy(tickets.id);
  return { imported, ticketEvents, admin };
}

test('with closedTicketsPostImported on, the tickets an import opened close when it finishes, as a system close the list hears of; one an agent took stays', async () => {
  const { imported, ticketEvents, admin } = await importInTwoBatches(true);
  const [taken, ...untouched] = imported;

  expect(imported.map((t) => t.status)).toEqual(['open', 'closed', 'closed']);
  expect(taken?.userId).toBe(admin.id);
  for (const ticket of untouched) {
    const logs = await app.deps.db
      .select()
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, ticket.id))
      .orderBy(ticketLogs.id);
    expect(logs.at(-1)).toMatchObject({ type: 'autoClose', userId: null });
  }
  const heardClosed = (list: TicketEvent[]) =>
    untouched.every((t) =>
      list.some((e) => e.action === 'update' && e.ticket.id === t.id && e.ticket.status === 'closed'),
    );
  expect(heardClosed(await waitFor(async () => ticketEvents, heardClosed))).toBe(true);
  const sent = await app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, untouched[0]?.id ?? 0), eq(messages.fromMe, true)));
  expect(sent).toEqual([]);
});

test('with closedTicketsPostImported off, the tickets an import opened stay after it finishes', async () => {
  const { imported } = await importInTwoBatches(false);

  expect(imported.map((t) => t.status)).toEqual(['open', 'pending', 'pending']);
});

test("import from chats makes contacts of the phone's one-to-one chats, once", async () => {
  const { socket, admin, companyId } = await connected();
  const stranger = await createTenant(app);
  socket.ev.emit('chats.upsert', [
    { id: '5511922221111@s.whatsapp.net', name: 'Ana' },
    { id: '5511922220000@s.whatsapp.net' },
    { id: '1203630000@g.us', name: 'Grupo' },
    { id: '123456789012345@lid', name: 'Sem número' },
    { id: 'status@broadcast' },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 300));

  const first = await call(app, 'POST', '/contacts/import/chats', { token: admin.token });
  const again = await call(app, 'POST', '/contacts/import/chats', { token: admin.token });
  const foreign = await call(app, 'POST', '/contacts/import/chats', { token: stranger.admin.token });

  const list = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, companyId));
  expect(first.body).toEqual({ imported: 2, total: 2 });
  expect(again.body).toEqual({ imported: 0, total: 2 });
  expect(foreign.status).toBe(400);
  expect(foreign.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');
  expect(list.map((c) => [c.name, c.number]).sort()).toEqual([
    ['5511922220000', '5511922220000'],
    ['Ana', '5511922221111'],
  ]);
});

test("the connection's status timeline is listed newest first, and another company's is not found", async () => {
  const { connection, admin } = await connected();
  const stranger = await createTenant(app);

  const mine = await call(app, 'GET', `/whatsapp/${connection.id}/history`, { token: admin.token });
  const theirs = await call(app, 'GET', `/whatsapp/${connection.id}/history`, {
    token: stranger.admin.token,
  });

  expect(mine.body.events.map((e: { status: string }) => e.status)).toEqual(['CONNECTED', 'OPENING']);
  expect(mine.body.hasMore).toBe(false);
  expect(theirs.status).toBe(404);
});
