import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { seedAudience, setPacing } from '../../../test/campaigns.js';
import { createCloudTenant, createMetaTestApp, type MetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { request, type ServerProcess, startServerProcess } from '../../../test/processes.js';
import { waitFor } from '../../../test/wait.js';
import { campaignRuns, campaignShippings, campaigns } from '../../db/schema/index.js';

// A process killed mid-campaign: only PostgreSQL is shared between processes.
const url = process.env.TEST_DATABASE_URL;
const reason = 'needs TEST_DATABASE_URL: two processes can only share PostgreSQL, never the embedded PGlite';
const LEASE_SECONDS = 3;
const RECIPIENTS = 3_000;

describe.skipIf(!url)(`a campaign whose process is killed${url ? '' : ` (skipped: ${reason})`}`, () => {
  let meta: MetaTestApp | undefined;
  let doomed: ServerProcess | undefined;

  afterAll(async () => {
    await doomed?.stop('SIGKILL');
    await meta?.close();
  });

  test('another process resumes it after the lease, and nobody is sent the message twice', {
    timeout: 300_000,
  }, async () => {
    const env = { CAMPAIGN_LEASE_SECONDS: String(LEASE_SECONDS) };
    // The survivor: this test's own server, on the same PostgreSQL, reaching the same fake Graph API.
    meta = await createMetaTestApp({ env });
    const { app, fake } = meta;
    fake.setWebhookUrl('');
    doomed = await startServerProcess(url as string, {
      env: { ...env, GRAPH_API_URL: fake.url, GRAPH_API_VERSION: 'v21.0', META_APP_ID: fake.appId },
    });
    const tenant = await createCloudTenant(meta);
    const audience = { companyId: tenant.companyId, connectionId: tenant.connection.id };
    const listId = await seedAudience(app, audience, RECIPIENTS, '5561900');
    await setPacing(app, tenant.companyId, {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
    });
    const [campaign] = await app.deps.db
      .insert(campaigns)
      .values({
        companyId: tenant.companyId,
        name: 'Queda',
        message1: 'Oferta para {nome}',
        status: 'CANCELADA',
        connectionIds: [tenant.connection.id],
        contactListId: listId,
      })
      .returning();
    const id = campaign?.id ?? 0;
    const before = fake.accepted().length;

    // Started through the doomed process, whose worker takes the dispatch job it queues at once.
    const restarted = await request(doomed.base, 'POST', `/campaigns/${id}/restart`, {
      token: tenant.admin.token,
    });
    const held = await waitFor(
      () =>
        app.deps.db
          .select()
          .from(campaignRuns)
          .where(like(campaignRuns.owner, `%:${doomed?.pid}:%`)),
      (rows) => rows.some((row) => row.campaignId === id),
    );
    await waitFor(
      () => Promise.resolve(fake.accepted().length - before),
      (n) => n >= 300,
      120_000,
    );
    await doomed.stop('SIGKILL');
    const atKill = fake.accepted().length - before;
    // The sweep runs every minute; asked now, it finds the lease run out and takes the campaign over.
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000));
    await app.deps.jobs.send('campaigns.sweep', {});
    const done = await waitFor(
      async () => (await call(app, 'GET', `/campaigns/${id}/report`, { token: tenant.admin.token })).body,
      (report) => report.campaign.status === 'FINALIZADA',
      240_000,
    );
    const unknown = await app.deps.db
      .select()
      .from(campaignShippings)
      .where(eq(campaignShippings.error, 'ERR_SEND_UNKNOWN'));

    expect(restarted.status).toBe(200);
    expect(held.some((row) => row.campaignId === id)).toBe(true);
    expect(atKill).toBeLessThan(RECIPIENTS);
    const perRecipient = new Map<string, number>();
    for (const send of fake.accepted().slice(before))
      perRecipient.set(
        (send.body as { to: string }).to,
        (perRecipient.get((send.body as { to: string }).to) ?? 0) + 1,
      );
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    // A send in flight at the kill is unknown: failed, not sent again (it may or may not have reached Meta).
    expect(done.delivered + done.failed).toBe(RECIPIENTS);
    expect(done.failed).toBe(unknown.filter((row) => row.campaignId === id).length);
    expect(done.failed).toBeLessThanOrEqual(1);
    expect(perRecipient.size - done.delivered).toBeLessThanOrEqual(done.failed);
  });
});
