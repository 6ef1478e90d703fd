import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { fakeClock, scheduleCampaign, seedAudience, setPacing } from '../../../test/campaigns.js';
import { cloudMessage, cloudText } from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { campaignShippings, connections, messages, plans } from '../../db/schema/index.js';

/**
 * The channel flags on every path that sends (docs/decisions.md, "Channel plan flags"): each tenant
 * here has a Cloud API number and a plan that does not (or no longer) include WhatsApp.
 */
const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

let serial = 0;
const newNumber = () =>
  `55119${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial % 100).padStart(2, '0')}`;

async function tenantWithoutWhatsapp() {
  const tenant = await createCloudTenant(meta);
  await app.deps.db.update(plans).set({ useWhatsapp: false }).where(eq(plans.id, tenant.planId));
  return tenant;
}

async function customerWrites(tenant: { phoneNumberId: string }, from: string, text: string) {
  const { payload } = cloudMessage(from, cloudText(text), { phoneNumberId: tenant.phoneNumberId });
  expect((await meta.webhook(payload)).status).toBe(200);
}

const sentTo = (number: string) =>
  fake.accepted().filter((request) => (request.body as { to?: string }).to === number);

const messagesOf = (companyId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);

test("what a customer writes on a channel the plan lacks is kept; the bot's greeting is not sent and says why", async () => {
  const tenant = await tenantWithoutWhatsapp();
  await app.deps.db
    .update(connections)
    .set({ greetingMessage: 'Olá! Como podemos ajudar?' })
    .where(eq(connections.id, tenant.connection.id));
  const number = newNumber();

  await customerWrites(tenant, number, 'Oi, tem horário amanhã?');

  const stored = await waitFor(
    () => messagesOf(tenant.companyId),
    (rows) => rows.some((row) => row.kind === 'greeting' && row.sendState === 'failed'),
  );
  expect(stored.map(({ fromMe, body }) => ({ fromMe, body }))).toEqual([
    { fromMe: false, body: 'Oi, tem horário amanhã?' },
    { fromMe: true, body: 'Olá! Como podemos ajudar?' },
  ]);
  expect(stored[1]).toMatchObject({ ack: -1, failedReason: 'ERR_PLAN_FEATURE_DISABLED' });
  expect(sentTo(number)).toEqual([]);
});

test('the external API sends nothing through a channel the plan lacks', async () => {
  const tenant = await tenantWithoutWhatsapp();
  const number = newNumber();
  await customerWrites(tenant, number, 'Oi');

  const answer = await call(app, 'POST', '/api/messages/send', {
    token: tenant.connection.token,
    body: { number, body: 'Seu pedido saiu.' },
  });

  expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  expect((await messagesOf(tenant.companyId)).filter((row) => row.fromMe)).toEqual([]);
});

test("forwarding a customer's message into a channel the plan lacks is refused, and nothing is stored", async () => {
  const tenant = await tenantWithoutWhatsapp();
  const number = newNumber();
  await customerWrites(tenant, number, 'Foto do produto');
  const [received] = await messagesOf(tenant.companyId);
  if (!received) throw new Error('the customer message was not stored');

  const answer = await call(app, 'POST', '/message/forward', {
    token: tenant.admin.token,
    body: { messageIds: [received.id], contactId: received.contactId },
  });

  expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  expect(await messagesOf(tenant.companyId)).toHaveLength(1);
});

test('a WhatsApp session is not connected, renewed or restarted on a plan without WhatsApp', async () => {
  const tenant = await tenantWithoutWhatsapp();
  const [session] = await app.deps.db
    .insert(connections)
    .values({
      companyId: tenant.companyId,
      name: 'Celular',
      channel: 'whatsapp',
      status: 'DISCONNECTED',
      token: randomUUID().replaceAll('-', '').slice(0, 30),
    })
    .returning();
  if (!session) throw new Error('connection not created');

  const start = await call(app, 'POST', `/whatsappsession/${session.id}`, {
    token: tenant.admin.token,
    body: {},
  });
  const renew = await call(app, 'PUT', `/whatsappsession/${session.id}`, { token: tenant.admin.token });
  const restart = await call(app, 'POST', '/whatsapp-restart/', { token: tenant.admin.token });

  for (const answer of [start, renew, restart])
    expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  const [after] = await app.deps.db.select().from(connections).where(eq(connections.id, session.id));
  expect(after?.status).toBe('DISCONNECTED');
});

test('a campaign sends nothing through a channel the plan lacks: each shipping fails saying why', async () => {
  fakeClock(app);
  const tenant = await tenantWithoutWhatsapp();
  const prefix = `55118${String(Date.now() % 1e3).padStart(3, '0')}`;
  const listId = await seedAudience(
    app,
    { companyId: tenant.companyId, connectionId: tenant.connection.id },
    2,
    prefix,
  );
  await setPacing(app, tenant.companyId, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });

  const campaign = await scheduleCampaign(app, {
    companyId: tenant.companyId,
    connectionIds: [tenant.connection.id],
    contactListId: listId,
  });

  const shippings = await waitFor(
    () =>
      app.deps.db
        .select()
        .from(campaignShippings)
        .where(
          and(
            eq(campaignShippings.companyId, tenant.companyId),
            eq(campaignShippings.campaignId, campaign.id),
          ),
        ),
    (rows) => rows.length === 2 && rows.every((row) => row.failedAt !== null),
  );
  expect(shippings.map((row) => row.error)).toEqual([
    'ERR_PLAN_FEATURE_DISABLED',
    'ERR_PLAN_FEATURE_DISABLED',
  ]);
  expect(
    fake.accepted().filter((request) => (request.body as { to?: string }).to?.startsWith(prefix)),
  ).toEqual([]);
});
