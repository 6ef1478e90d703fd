import { and, eq, ne } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTenant } from '../../test/fixtures.js';
import { connections, contacts, tickets } from '../db/schema/index.js';
import { receive } from './receive.js';

const app = await createTestApp();
afterAll(() => app.close());

test('first messages arriving together make one contact and one active ticket', async () => {
  const tenant = await createTenant(app);
  const [connection] = await app.deps.db
    .insert(connections)
    .values({
      companyId: tenant.companyId,
      name: 'Site',
      channel: 'webchat',
      status: 'CONNECTED',
      token: `R${Date.now()}`.padEnd(30, 'X'),
    })
    .returning();
  if (!connection) throw new Error('connection not created');
  const message = (n: number) => ({
    companyId: tenant.companyId,
    connectionId: connection.id,
    channel: 'webchat',
    identity: { kind: 'webchat', value: `racing-visitor-${tenant.companyId}` },
    contact: { name: 'Corrida' },
    externalId: `race-${n}`,
    body: `mensagem ${n}`,
  });

  const received = await Promise.all([1, 2, 3, 4, 5].map((n) => receive(app.deps, message(n))));

  const ticketIds = new Set(received.map((r) => r.ticket.id));
  expect(ticketIds.size).toBe(1);
  const people = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, tenant.companyId));
  expect(people).toHaveLength(1);
  const active = await app.deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, tenant.companyId), ne(tickets.status, 'closed')));
  expect(active).toHaveLength(1);
  expect(active[0]?.unreadMessages).toBe(5);
});
