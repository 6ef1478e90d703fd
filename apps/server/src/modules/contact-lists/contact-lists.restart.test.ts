import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  forgetStoredSessions,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections, contactListItems, contactLists } from '../../db/schema/index.js';
import { CHECK_BATCH } from './contact-lists.check.js';

const before = createBaileysHarness();
const after = createBaileysHarness();
const first = await createTestApp({ whatsappSockets: before.factory, processId: 'lists-before' });
let second: FastifyInstance | undefined;
afterAll(async () => {
  await forgetStoredSessions(first.deps.db);
  await second?.close();
});

/** This process opens the company's WhatsApp session, as it does when it starts. */
async function openSession(
  app: FastifyInstance,
  harness: typeof before,
  target: { companyId: number; connectionId: number },
) {
  await app.whatsapp.start(target);
  replay.open(harness.latest());
  await waitFor(
    async () => app.whatsapp.socketOf(target.connectionId),
    (socket) => socket !== undefined,
  );
}

const unchecked = (listId: number) =>
  first.deps.db
    .select({ id: contactListItems.id })
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, listId), isNull(contactListItems.isWhatsappValid)));

test('a check stopped by a server restart goes on where it was, asking no number twice', async () => {
  const tenant = await createTenant(first);
  const [list] = await first.deps.db
    .insert(contactLists)
    .values({ companyId: tenant.companyId, name: 'Grande' })
    .returning();
  if (!list) throw new Error('no list');
  const numbers = Array.from({ length: CHECK_BATCH + 3 }, (_, i) => `55119777${String(i).padStart(5, '0')}`);
  await first.deps.db.insert(contactListItems).values(
    numbers.map((number) => ({
      companyId: tenant.companyId,
      contactListId: list.id,
      name: 'Cliente',
      number,
    })),
  );
  const connection = await createWhatsappConnection(first, tenant.companyId, { isDefault: true });
  const target = { companyId: tenant.companyId, connectionId: connection.id };
  await openSession(first, before, target);
  await waitFor(
    async () =>
      (await first.deps.db.select().from(connections).where(eq(connections.id, connection.id)))[0]?.status,
    (status) => status === 'CONNECTED',
  );

  await call(first, 'POST', `/contact-lists/${list.id}/check-numbers`, { token: tenant.admin.token });
  await waitFor(
    () => unchecked(list.id),
    (rows) => rows.length === 3,
  );
  await first.close();
  second = await createTestApp({ whatsappSockets: after.factory, processId: 'lists-after' });
  // The restarted process runs the next batch before it has the session back: it waits for it.
  await waitFor(
    async () =>
      (
        await first.deps.database.executeSql(
          `select 1 from pgboss.job where name = 'contact-lists.check-numbers' and (data->>'waits')::int > 0`,
        )
      ).rows,
    (rows) => rows.length > 0,
  );
  await openSession(second, after, target);

  await waitFor(
    () => unchecked(list.id),
    (rows) => rows.length === 0,
  );
  const ordered = await first.deps.db
    .select({ number: contactListItems.number })
    .from(contactListItems)
    .where(eq(contactListItems.contactListId, list.id))
    .orderBy(asc(contactListItems.id));
  const asked = (harness: typeof before) => harness.sockets.flatMap((socket) => socket.checked);
  expect(asked(before)).toEqual(ordered.slice(0, CHECK_BATCH).map((row) => row.number));
  expect(asked(after)).toEqual(ordered.slice(CHECK_BATCH).map((row) => row.number));
}, 60_000);
