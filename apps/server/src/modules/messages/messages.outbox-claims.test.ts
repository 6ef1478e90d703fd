import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { connections, messages } from '../../db/schema/index.js';
import { claimSends } from './messages.outbox-queries.js';

type Ticket = Awaited<ReturnType<typeof createTicket>>;

const app = await createTestApp();
afterAll(() => app.close());

/** Claims as `owner`, only the sends on connections whose session `holder` holds. */
const claim = (owner: string, holder: string) =>
  claimSends(app.deps.db, {
    owner,
    leaseSeconds: 60,
    limit: 20,
    unknownWaitSeconds: 60,
    mayDeliver: (connectionId) =>
      sql`exists (select 1 from ${connections} c where c.id = ${connectionId} and c.lease_owner = ${holder})`,
  });

test("a claim takes each conversation's oldest unfinished send, and none of another owner's", async () => {
  const tenant = await createTenant(app);
  // Only this test's sends (a database kept between runs holds others): the app's own outbox leaves
  // them to the session's holder.
  const holder = `claims-${tenant.companyId}`;
  const conversations: Ticket[] = [];
  for (let n = 0; n < 3; n++) conversations.push(await createTicket(app, tenant.companyId));
  // A WhatsApp session held by another process: the app's own outbox does not take these sends.
  for (const ticket of conversations)
    await app.deps.db
      .update(connections)
      .set({ channel: 'whatsapp', leaseOwner: holder, leaseExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(connections.id, ticket.connectionId as number));
  const queued = async (ticket: Ticket, n: number) => {
    const [row] = await app.deps.db
      .insert(messages)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        connectionId: ticket.connectionId,
        body: `envio ${n}`,
        fromMe: true,
        sendState: 'pending',
        nextAttemptAt: new Date(Date.now() - 60_000),
      })
      .returning();
    return row?.id as number;
  };
  const [first, second, third] = conversations as [Ticket, Ticket, Ticket];
  const oldest = [await queued(first, 1), await queued(second, 1)];
  for (let n = 2; n <= 5; n++) await queued(first, n);
  await queued(second, 2);
  // The third conversation's head is mid-request in another process: its next send waits behind it.
  const sending = await queued(third, 1);
  await app.deps.db
    .update(messages)
    .set({ sendState: 'sending', sendLeaseOwner: 'other', sendLeaseExpiresAt: new Date(Date.now() + 60_000) })
    .where(eq(messages.id, sending));
  await queued(third, 2);

  const taken = await claim('one', holder);
  const again = await claim('two', holder);

  expect(taken.claimed.map((c) => c.messageId).sort((a, b) => a - b)).toEqual(oldest);
  expect(again.claimed).toEqual([]);
});
