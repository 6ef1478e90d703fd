import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import {
  campaignStatus,
  fakeClock,
  scheduleCampaign,
  seedAudience,
  setPacing,
} from '../../../test/campaigns.js';
import { cloudMessage, cloudText } from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp, type MetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { campaignShippings, campaigns, messages, tickets } from '../../db/schema/index.js';

/** Recipients of the run across a cancel and a restart. */
const RUN = 300;

const recipientsOf = (meta: MetaTestApp) =>
  meta.fake.accepted().map((c) => c.body as { to: string; text?: { body: string } });

describe('campaign dispatch on the Cloud API', () => {
  let meta: MetaTestApp;
  beforeAll(async () => {
    // Every send here must be answered: the 1 s default timeout, on a loaded machine, fails one as unknown.
    meta = await createMetaTestApp({ env: { GRAPH_API_TIMEOUT_MS: '10000' } });
    // Statuses of every send would only load the app: the tests read the shippings instead.
    meta.fake.setWebhookUrl('');
  });
  afterAll(() => meta.close());

  const report = async (token: string, id: number) =>
    (await call(meta.app, 'GET', `/campaigns/${id}/report`, { token })).body;

  // Every send here is real (an HTTP call to the fake Graph API and its rows), so the run is a few
  // hundred: the 10,000-recipient campaign is planned and claimed in campaigns.dispatcher-planning.test.ts.
  test('each contact gets the message once, across a cancel and a restart, and the campaign finishes', {
    timeout: 120_000,
  }, async () => {
    const { app } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const token = tenant.admin.token;
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    const listId = await seedAudience(app, audience, RUN, '5511900');
    await setPacing(app, tenant.companyId, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    });
    const before = meta.fake.accepted().length;
    const ours = () =>
      recipientsOf(meta)
        .slice(before)
        .filter((s) => s.to.startsWith('5511900'));

    const campaign = await scheduleCampaign(app, {
      companyId: tenant.companyId,
      connectionIds: [tenant.connection.id],
      contactListId: listId,
    });
    await waitFor(
      () => Promise.resolve(ours().length),
      (n) => n >= RUN / 3,
    );
    const cancelled = await call(app, 'POST', `/campaigns/${campaign.id}/cancel`, { token });
    const atCancel = ours().length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const afterPause = ours().length;
    const restarted = await call(app, 'POST', `/campaigns/${campaign.id}/restart`, { token });
    await waitFor(
      () => campaignStatus(app, campaign.id),
      (status) => status === 'FINALIZADA',
      90_000,
    );
    const done = await report(token, campaign.id);

    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELADA');
    expect(atCancel).toBeLessThan(RUN);
    // The send in flight at the cancel may still land; nothing after it.
    expect(afterPause - atCancel).toBeLessThanOrEqual(1);
    expect(restarted.body.status).toBe('EM_ANDAMENTO');
    const perRecipient = new Map<string, number>();
    for (const send of ours()) perRecipient.set(send.to, (perRecipient.get(send.to) ?? 0) + 1);
    expect(perRecipient.size).toBe(RUN);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(ours().find((s) => s.to === '5511900000007')?.text?.body).toBe(
      'Olá Cliente 7, oferta para 5511900000007',
    );
    expect(done).toMatchObject({
      validContacts: RUN,
      delivered: RUN,
      failed: 0,
      expectedFinishAt: null,
    });
    expect(done.campaign.completedAt).not.toBeNull();
  });

  test('sends are spaced by the settings: a random pause up to messageInterval, the longer one after every few', async () => {
    const { app } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    const listId = await seedAudience(app, audience, 41, '5521900');
    await setPacing(app, tenant.companyId, {
      messageInterval: 10,
      longerIntervalAfter: 5,
      greaterInterval: 30,
    });

    const campaign = await scheduleCampaign(app, {
      companyId: tenant.companyId,
      connectionIds: [tenant.connection.id],
      contactListId: listId,
    });
    await waitFor(
      () => campaignStatus(app, campaign.id),
      (status) => status === 'FINALIZADA',
    );
    const sent = await app.deps.db
      .select({ at: campaignShippings.deliveredAt })
      .from(campaignShippings)
      .where(eq(campaignShippings.campaignId, campaign.id))
      .orderBy(asc(campaignShippings.deliveredAt));
    const times = sent.map((row) => row.at?.getTime() ?? 0);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));

    expect(gaps).toHaveLength(40);
    gaps.forEach((gap, i) => {
      // gaps[i] follows send i + 1.
      if ((i + 1) % 5 === 0) expect(gap).toBe(30_000);
      else {
        expect(gap).toBeGreaterThanOrEqual(13);
        expect(gap).toBeLessThanOrEqual(10_000);
      }
    });
    expect(gaps.filter((gap, i) => (i + 1) % 5 !== 0 && gap > 1_000).length).toBeGreaterThan(0);
  });

  test('confirmation: yes gets the message, no and the opt-out word get nothing more, silence expires and the campaign finishes', async () => {
    const { app } = meta;
    const clock = fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    const listId = await seedAudience(app, audience, 4, '5531900');
    await setPacing(app, tenant.companyId, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    });
    const [yes, no, optOut, silent] = ['5531900000001', '5531900000002', '5531900000003', '5531900000004'];
    const before = meta.fake.accepted().length;

    const campaign = await scheduleCampaign(app, {
      companyId: tenant.companyId,
      connectionIds: [tenant.connection.id],
      contactListId: listId,
      confirmation: true,
      confirmationMessage1: 'Podemos enviar a oferta, {nome}? Responda SIM',
      message1: 'A oferta, {nome}',
    });
    await waitFor(
      () => report(tenant.admin.token, campaign.id),
      (r) => r.confirmationRequested === 4,
    );
    for (const [from, answer] of [
      [yes, 'Sim!'],
      [no, 'não'],
      [optOut, 'SAIR'],
    ] as const) {
      const built = cloudMessage(from, cloudText(answer), { phoneNumberId: tenant.phoneNumberId });
      expect((await meta.webhook(built.payload)).status).toBe(200);
    }
    const answered = await waitFor(
      () => report(tenant.admin.token, campaign.id),
      (r) => r.delivered === 1 && r.declined === 2,
    );
    clock.advance(25 * 3600_000);
    await app.deps.jobs.send('campaigns.sweep', {});
    const finished = await waitFor(
      () => report(tenant.admin.token, campaign.id),
      (r) => r.campaign.status === 'FINALIZADA',
    );

    const sends = recipientsOf(meta).slice(before);
    const to = (n: string | undefined) => sends.filter((s) => s.to === n).map((s) => s.text?.body);
    expect(to(yes)).toEqual(['Podemos enviar a oferta, Cliente 1? Responda SIM', 'A oferta, Cliente 1']);
    expect(to(no)).toEqual(['Podemos enviar a oferta, Cliente 2? Responda SIM']);
    expect(to(optOut)).toHaveLength(1);
    expect(to(silent)).toHaveLength(1);
    expect(answered).toMatchObject({ confirmationReceived: 1, expired: 0 });
    expect(finished).toMatchObject({
      validContacts: 4,
      confirmationRequested: 4,
      confirmationReceived: 1,
      delivered: 1,
      declined: 2,
      expired: 1,
    });
  });

  test('recipients that cannot be reached fail and the campaign still finishes', async () => {
    const { app } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    const listId = await seedAudience(app, audience, 3, '5541900');
    // Listed, but they never wrote: the Cloud API takes no free text outside their 24-hour window.
    await app.deps.db.execute(
      `insert into contact_list_items (company_id, contact_list_id, name, number)
       values (${tenant.companyId}, ${listId}, 'Quieto', '5541911111111'),
              (${tenant.companyId}, ${listId}, 'Calado', '5541922222222')`,
    );
    await setPacing(app, tenant.companyId, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    });

    const campaign = await scheduleCampaign(app, {
      companyId: tenant.companyId,
      connectionIds: [tenant.connection.id],
      contactListId: listId,
    });
    await waitFor(
      () => campaignStatus(app, campaign.id),
      (status) => status === 'FINALIZADA',
    );
    const finished = await report(tenant.admin.token, campaign.id);

    const budget = await call(app, 'GET', `/whatsapp/${tenant.connection.id}/budget`, {
      token: tenant.admin.token,
    });
    const other = await createCloudTenant(meta);
    const elsewhere = await call(app, 'GET', `/whatsapp/${tenant.connection.id}/budget`, {
      token: other.admin.token,
    });

    expect(finished).toMatchObject({ validContacts: 5, delivered: 3, failed: 2 });
    // Every send the dispatcher started counts against the connection's budget, refused or not.
    expect(budget.body).toMatchObject({
      channel: 'whatsappapi',
      usedToday: 5,
      dailyLimit: null,
      runningCampaigns: 0,
    });
    expect(elsewhere.status).toBe(404);
  });

  test("an attendant's reply leaves within one campaign send, and a conversation send waiting on the connection holds the campaign", {
    timeout: 120_000,
  }, async () => {
    const { app } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    const listId = await seedAudience(app, audience, 1_000, '5551900');
    await setPacing(app, tenant.companyId, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    });
    const [ticket] = await app.deps.db
      .update(tickets)
      .set({ status: 'open', userId: tenant.admin.id })
      .where(eq(tickets.companyId, tenant.companyId))
      .returning();
    const campaign = await scheduleCampaign(app, {
      companyId: tenant.companyId,
      connectionIds: [tenant.connection.id],
      contactListId: listId,
    });
    // Only this connection's sends count: another test's campaign may still be sending elsewhere.
    const ours = () =>
      recipientsOf(meta).filter((s) => s.to.startsWith('5551900') || s.text?.body.startsWith('Resposta'));
    await waitFor(
      () => Promise.resolve(ours().length),
      (n) => n >= 100,
    );

    const sentBefore = ours().length;
    const posted = await call(app, 'POST', `/messages/${ticket?.id}`, {
      token: tenant.admin.token,
      body: { body: 'Resposta do atendente' },
    });
    const storedAt = ours().length;
    await waitFor(
      () => app.deps.db.select().from(messages).where(eq(messages.id, posted.body.id)),
      ([row]) => row?.sendState === 'sent',
    );
    const position = ours().findIndex((s) => s.text?.body === 'Resposta do atendente');
    // A conversation send due on the connection that its process holds for now: the campaign waits for it.
    const [held] = await app.deps.db
      .insert(messages)
      .values({
        companyId: tenant.companyId,
        ticketId: ticket?.id ?? 0,
        contactId: ticket?.contactId,
        connectionId: tenant.connection.id,
        body: 'Resposta retida',
        fromMe: true,
        sendState: 'pending',
        nextAttemptAt: new Date(Date.now() - 1000),
        sendLeaseOwner: 'another-process',
        sendLeaseExpiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const whileHeld = ours().length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stillHeld = ours().length;
    await app.deps.db
      .update(messages)
      .set({ sendState: 'sent' })
      .where(eq(messages.id, held?.id ?? 0));
    const resumed = await waitFor(
      () => Promise.resolve(ours().length),
      (n) => n > stillHeld + 5,
    );
    await call(app, 'POST', `/campaigns/${campaign.id}/cancel`, { token: tenant.admin.token });

    expect(posted.status).toBe(201);
    // The reply may leave before its answer reaches the test: stored somewhere between the two counts.
    expect(position).toBeGreaterThanOrEqual(sentBefore);
    expect(position - storedAt).toBeLessThanOrEqual(1);
    expect(stillHeld).toBe(whileHeld);
    expect(resumed).toBeGreaterThan(stillHeld + 5);
  });

  test('cancel, restart and report: another company gets not found, an attendant and a plan without campaigns are refused', async () => {
    const { app } = meta;
    const owner = await createCloudTenant(meta);
    const other = await createCloudTenant(meta);
    const [campaign] = await app.deps.db
      .insert(campaigns)
      .values({ companyId: owner.companyId, name: 'Parada', status: 'INATIVA', connectionIds: [] })
      .returning();
    const path = (action: string) => `/campaigns/${campaign?.id}/${action}`;
    const attendant = await createUser(app, owner.companyId, { profile: 'user' });
    const withoutCampaigns = await createTenant(app, { plan: { useCampaigns: false } });

    for (const [method, action] of [
      ['POST', 'cancel'],
      ['POST', 'restart'],
      ['GET', 'report'],
    ] as const) {
      const unplanned = await call(app, method, path(action), { token: withoutCampaigns.admin.token });
      const byAttendant = await call(app, method, path(action), { token: attendant.token });
      expect(byAttendant.status).toBe(403);
      expect(unplanned.status).toBe(403);
      expect(unplanned.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
    for (const [method, action] of [
      ['POST', 'cancel'],
      ['POST', 'restart'],
      ['GET', 'report'],
    ] as const) {
      const elsewhere = await call(app, method, path(action), { token: other.admin.token });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
    }
    const cancelInactive = await call(app, 'POST', path('cancel'), { token: owner.admin.token });
    const restartInactive = await call(app, 'POST', path('restart'), { token: owner.admin.token });
    await app.deps.db
      .update(campaigns)
      .set({ status: 'CANCELADA' })
      .where(eq(campaigns.id, campaign?.id ?? 0));
    const restartIncomplete = await call(app, 'POST', path('restart'), { token: owner.admin.token });

    expect(cancelInactive.body.error).toBe('ERR_CAMPAIGN_STATUS');
    expect(restartInactive.body.error).toBe('ERR_CAMPAIGN_STATUS');
    expect(restartIncomplete.body.error).toBe('ERR_CAMPAIGN_INCOMPLETE');
  });
});
