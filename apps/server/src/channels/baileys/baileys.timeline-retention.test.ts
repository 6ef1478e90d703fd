import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createWhatsappConnection } from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { connectionStatusEvents } from '../../db/schema/index.js';
import { pruneTimelines, TIMELINE_DAYS, TIMELINE_ROWS } from './baileys.timeline-retention.js';

const app = await createTestApp();
afterAll(() => app.close());

const day = 24 * 60 * 60 * 1000;
const timelineOf = (connectionId: number) =>
  app.deps.db
    .select()
    .from(connectionStatusEvents)
    .where(eq(connectionStatusEvents.connectionId, connectionId));

test(`a timeline keeps its last ${TIMELINE_DAYS} days and at most ${TIMELINE_ROWS} entries, newest first; others keep theirs`, async () => {
  const { companyId } = await createTenant(app);
  const flapping = await createWhatsappConnection(app, companyId);
  const quiet = await createWhatsappConnection(app, companyId);
  const now = Date.now();
  // 600 drops over the last 60 minutes, and two lines from long ago.
  await app.deps.db.insert(connectionStatusEvents).values(
    Array.from({ length: TIMELINE_ROWS + 100 }, (_, i) => ({
      companyId,
      connectionId: flapping.id,
      status: 'TIMEOUT',
      reason: String(i),
      createdAt: new Date(now - (TIMELINE_ROWS + 100 - i) * 6000),
    })),
  );
  await app.deps.db.insert(connectionStatusEvents).values([
    {
      companyId,
      connectionId: quiet.id,
      status: 'CONNECTED',
      createdAt: new Date(now - (TIMELINE_DAYS + 1) * day),
    },
    {
      companyId,
      connectionId: quiet.id,
      status: 'DISCONNECTED',
      createdAt: new Date(now - (TIMELINE_DAYS - 1) * day),
    },
  ]);

  await pruneTimelines(app.deps.db);
  await pruneTimelines(app.deps.db);

  const kept = await timelineOf(flapping.id);
  expect(kept).toHaveLength(TIMELINE_ROWS);
  expect(Math.min(...kept.map((row) => Number(row.reason)))).toBe(100);
  expect((await timelineOf(quiet.id)).map((row) => row.status)).toEqual(['DISCONNECTED']);
});

test('the prune is a nightly pg-boss schedule, so one process runs it', async () => {
  const { rows } = await app.deps.database.executeSql('select cron from pgboss.schedule where name = $1', [
    'whatsapp.timeline-prune',
  ]);
  expect(rows).toEqual([{ cron: '43 3 * * *' }]);
});
