import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { webhookRejections } from '../../db/schema/index.js';
import { pruneWebhookRejections, REJECTION_DAYS, recordRejection } from './webhook-rejections.js';

const app = await createTestApp();
afterAll(() => app.close());
const day = 24 * 60 * 60 * 1000;

test(`rejections are kept ${REJECTION_DAYS} days, once each however often Meta delivers them`, async () => {
  const { companyId } = await createTenant(app);
  const element = { nonsense: `${Date.now()}` };
  await recordRejection(app.deps, { source: 'page', reason: 'unreadable', raw: element });
  await recordRejection(app.deps, { source: 'page', reason: 'unreadable', raw: element });
  await app.deps.db.insert(webhookRejections).values([
    {
      companyId,
      source: 'page',
      reason: 'old',
      raw: {},
      digest: `old-${Date.now()}`,
      createdAt: new Date(Date.now() - (REJECTION_DAYS + 1) * day),
    },
    {
      companyId,
      source: 'page',
      reason: 'recent',
      raw: {},
      digest: `recent-${Date.now()}`,
      createdAt: new Date(Date.now() - (REJECTION_DAYS - 1) * day),
    },
  ]);

  await pruneWebhookRejections(app.deps.db);

  const kept = await app.deps.db
    .select()
    .from(webhookRejections)
    .where(eq(webhookRejections.companyId, companyId));
  expect(kept.map((row) => row.reason)).toEqual(['recent']);
  const unrouted = await app.deps.db
    .select()
    .from(webhookRejections)
    .where(eq(webhookRejections.raw, element));
  expect(unrouted).toHaveLength(1);
});

test('the prune is a nightly pg-boss schedule, so one process runs it', async () => {
  const { rows } = await app.deps.database.executeSql('select cron from pgboss.schedule where name = $1', [
    'meta.rejections-prune',
  ]);
  expect(rows).toEqual([{ cron: '53 3 * * *' }]);
});
