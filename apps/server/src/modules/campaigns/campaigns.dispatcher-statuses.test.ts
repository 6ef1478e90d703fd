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
import { createCloudTenant, createMetaTestApp, type MetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { campaignShippings } from '../../db/schema/index.js';

describe('statuses of campaign sends', () => {
  let meta: MetaTestApp;
  beforeAll(async () => {
    meta = await createMetaTestApp();
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
});
