import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  replay,
  waMessage,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { campaignShippings, campaigns, messages, tickets } from '../../db/schema/index.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory });
const CUSTOMER = '5511977776666@s.whatsapp.net';

test("WhatsApp's copies of a campaign's sends open no ticket, what the phone itself sent is stored as before, and its error receipt fails the send", async () => {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  await waitFor(
    async () => app.whatsapp.sessionOf(connection.id)?.attempt,
    () => true,
  );
  const [campaign] = await app.deps.db
    .insert(campaigns)
    .values({
      companyId: tenant.companyId,
      name: 'Eco',
      status: 'EM_ANDAMENTO',
      connectionIds: [connection.id],
    })
    .returning();
  const shipping = {
    companyId: tenant.companyId,
    campaignId: campaign?.id ?? 0,
    connectionId: connection.id,
  };
  await app.deps.db.insert(campaignShippings).values([
    // Sent, its id stored; and one whose copy comes back before its send answered.
    {
      ...shipping,
      number: '5511977776666',
      message: 'Oferta um',
      externalId: 'CAMP1',
      deliveredAt: new Date(),
    },
    { ...shipping, number: '5511977775555', message: 'Oferta dois', sending: true, lastSentAt: new Date() },
  ]);

  const copy = (id: string, text: string) =>
    waMessage({ id, from: CUSTOMER, fromMe: true, message: { conversation: text } });
  socket.ev.emit('messages.upsert', { messages: [copy('CAMP1', 'Oferta um')], type: 'append' });
  socket.ev.emit('messages.upsert', { messages: [copy('CAMP2', 'Oferta dois')], type: 'append' });
  socket.ev.emit('messages.upsert', { messages: [copy('ME1', 'digitado no celular')], type: 'append' });
  const stored = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.connectionId, connection.id)),
    (rows) => rows.length > 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const rows = await app.deps.db.select().from(messages).where(eq(messages.connectionId, connection.id));
  const opened = await app.deps.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));

  // WhatsApp's error receipt for a campaign send it had taken: that send fails, the other is untouched.
  socket.ev.emit('messages.update', [
    {
      key: { id: 'CAMP1', remoteJid: CUSTOMER, fromMe: true },
      update: { status: 0, messageStubParameters: ['479'] },
    },
  ]);
  const shippings = await waitFor(
    () =>
      app.deps.db.select().from(campaignShippings).where(eq(campaignShippings.connectionId, connection.id)),
    (rows) => rows.some((row) => row.failedAt !== null),
  );

  expect(stored.length).toBeGreaterThan(0);
  expect(rows.map((row) => row.externalId)).toEqual(['ME1']);
  expect(opened).toHaveLength(1);
  expect(shippings.map((row) => [row.message, row.error, row.deliveredAt === null]).sort()).toEqual([
    ['Oferta dois', null, true],
    ['Oferta um', 'ERR_SENDING_WAPP_MSG', true],
  ]);
  await app.close();
});
