import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  holdSessionElsewhere,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { campaignShippings, campaigns } from '../../db/schema/index.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory });
afterAll(() => app.close());

test('a campaign on a WhatsApp number whose session another process holds is left to that process, and sent once the session is here', async () => {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  const holdElsewhere = (until: string) => holdSessionElsewhere(app, connection.id, until);
  await holdElsewhere('1 minute');
  const [campaign] = await app.deps.db
    .insert(campaigns)
    .values({
      companyId: tenant.companyId,
      name: 'Vizinho',
      status: 'EM_ANDAMENTO',
      connectionIds: [connection.id],
    })
    .returning();
  const campaignId = campaign?.id ?? 0;
  await app.deps.db.insert(campaignShippings).values({
    companyId: tenant.companyId,
    campaignId,
    connectionId: connection.id,
    number: '5511977774444',
    message: 'Oferta',
  });
  const runOwner = async () => {
    const result = await app.deps.db.execute(
      sql`select owner from campaign_runs where campaign_id = ${campaignId}`,
    );
    return (result as unknown as { rows: { owner: string | null }[] }).rows[0]?.owner ?? null;
  };

  await app.deps.jobs.send('campaigns.sweep', {});
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const ownerWhileElsewhere = await runOwner();

  // The other process is gone: this one takes the session, and the campaign passed on reaches it.
  await holdElsewhere('-1 second');
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  replay.open(harness.latest());
  const [shipping] = await waitFor(
    () => app.deps.db.select().from(campaignShippings).where(eq(campaignShippings.campaignId, campaignId)),
    (rows) => rows[0]?.deliveredAt != null,
    15_000,
  );

  expect(ownerWhileElsewhere).not.toBe(app.deps.processId);
  expect(shipping?.deliveredAt).not.toBeNull();
  expect(harness.latest().sent.filter((sent) => sent.jid.startsWith('5511977774444'))).toHaveLength(1);
});
