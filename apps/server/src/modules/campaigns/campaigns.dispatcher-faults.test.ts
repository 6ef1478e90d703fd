import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { createWhatsappConnection } from '../../../test/baileys-harness.js';
import {
  campaignStatus,
  fakeClock,
  scheduleCampaign,
  seedAudience,
  setPacing,
} from '../../../test/campaigns.js';
import { createCloudTenant, createMetaTestApp, type MetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { campaignShippings, campaigns } from '../../db/schema/index.js';

describe('faults of the channels under a campaign', () => {
  let meta: MetaTestApp;
  beforeAll(async () => {
    // Every send here must be answered: the 1 s default timeout, on a loaded machine, fails one as unknown.
    meta = await createMetaTestApp({ env: { GRAPH_API_TIMEOUT_MS: '10000' } });
  });
  afterAll(() => meta.close());

  test("Meta's later failure (131047) fails the shipping with its reason, and the report's counts move", async () => {
    const { app, fake } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    // Our rows say all six wrote an hour ago; Meta knows two of the windows closed (the send is taken, then fails).
    const listId = await seedAudience(app, audience, 6, '5571900');
    fake.closeWindow('5571900000002');
    fake.closeWindow('5571900000005');
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
    const report = await waitFor(
      async () =>
        (await call(app, 'GET', `/campaigns/${campaign.id}/report`, { token: tenant.admin.token })).body,
      (body) => body.failed === 2,
    );
    const rows = await app.deps.db
      .select()
      .from(campaignShippings)
      .where(eq(campaignShippings.campaignId, campaign.id))
      .orderBy(asc(campaignShippings.number));

    expect(fake.accepted().filter((c) => (c.body as { to: string }).to.startsWith('5571900'))).toHaveLength(
      6,
    );
    expect(report).toMatchObject({ validContacts: 6, delivered: 4, failed: 2 });
    expect(rows.map((row) => [row.number.slice(-1), row.error, row.deliveredAt === null])).toEqual([
      ['1', null, false],
      ['2', 'ERR_OUTSIDE_WINDOW', true],
      ['3', null, false],
      ['4', null, false],
      ['5', 'ERR_OUTSIDE_WINDOW', true],
      ['6', null, false],
    ]);
    expect(report.campaign.status).toBe('FINALIZADA');
  });
  const pacing = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };
  const shippingsOf = (meta: MetaTestApp, campaignId: number) =>
    meta.app.deps.db
      .select()
      .from(campaignShippings)
      .where(eq(campaignShippings.campaignId, campaignId))
      .orderBy(asc(campaignShippings.deliveredAt));

  test("a connection that cannot send is left aside: the campaign's other connection sends everything at the campaign's pace", async () => {
    const { app, fake } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    // A WhatsApp number whose session never started: every send on it is refused for now.
    const dead = await createWhatsappConnection(app, tenant.companyId);
    const listId = await seedAudience(
      app,
      { companyId: tenant.companyId, connectionId: tenant.connection.id },
      12,
      '5572900',
    );
    await setPacing(app, tenant.companyId, pacing);

    const campaign = await scheduleCampaign(app, {
      companyId: tenant.companyId,
      connectionIds: [dead.id, tenant.connection.id],
      contactListId: listId,
    });
    await waitFor(
      () => campaignStatus(app, campaign.id),
      (status) => status === 'FINALIZADA',
    );
    const rows = await shippingsOf(meta, campaign.id);
    const times = rows.map((row) => row.deliveredAt?.getTime() ?? 0);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));

    expect(fake.accepted().filter((c) => (c.body as { to: string }).to.startsWith('5572900'))).toHaveLength(
      12,
    );
    expect(rows.map((row) => [row.connectionId, row.error])).toEqual(
      rows.map(() => [tenant.connection.id, null]),
    );
    // A refusal puts aside the connection that refused, not the campaign: no retry pause between its sends.
    expect(Math.max(...gaps)).toBeLessThan(30_000);
  });

  test('when every connection of the campaign has refused its sends for 30 minutes, the pending sends fail with a reason and it finishes', async () => {
    const { app } = meta;
    fakeClock(app);
    const tenant = await createCloudTenant(meta);
    const dead = await createWhatsappConnection(app, tenant.companyId);
    const listId = await seedAudience(
      app,
      { companyId: tenant.companyId, connectionId: dead.id },
      5,
      '5573900',
      { windowOpen: false },
    );
    await setPacing(app, tenant.companyId, pacing);

    const campaign = await scheduleCampaign(app, {
      companyId: tenant.companyId,
      connectionIds: [dead.id],
      contactListId: listId,
    });
    await waitFor(
      () => campaignStatus(app, campaign.id),
      (status) => status === 'FINALIZADA',
    );
    const report = await call(app, 'GET', `/campaigns/${campaign.id}/report`, { token: tenant.admin.token });
    const rows = await shippingsOf(meta, campaign.id);
    const [row] = await app.deps.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    const startedAt = row?.scheduledAt?.getTime() ?? 0;

    expect(report.body).toMatchObject({ validContacts: 5, delivered: 0, failed: 5 });
    expect(rows.map((r) => r.error)).toEqual(Array(5).fill('ERR_CAMPAIGN_CONNECTION_DOWN'));
    // Tried again meanwhile (30 s, doubling), given up only once the 30 minutes had passed.
    for (const r of rows)
      expect((r.failedAt?.getTime() ?? 0) - startedAt).toBeGreaterThanOrEqual(30 * 60_000);
  });
});
