import { fillMessageVariables } from '@balcao/shared';
import { and, eq, sql } from 'drizzle-orm';
import { companies, connections, contacts, queues, tickets, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { AppDeps } from '../../platform/context.js';

/**
 * A text going to a conversation with its `{{variables}}` filled (spec 001 §1): the contact, the
 * sender (else whoever holds the ticket), the ticket's queue and connection, the company's clock.
 * Every text the company or an attendant writes passes here on its way out, so there is one fill.
 */
export async function fillVariablesFor(
  deps: Pick<AppDeps, 'db' | 'now'>,
  target: { companyId: number; ticketId: number; userId: number | null },
  text: string,
): Promise<string> {
  if (!text.includes('{{')) return text;
  const [row] = await deps.db
    .select({
      contactName: contacts.name,
      ticketCreatedAt: tickets.createdAt,
      timeZone: companies.timezone,
      userName: users.name,
      queueName: queues.name,
      connectionName: connections.name,
    })
    .from(tickets)
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(
      users,
      and(
        eq(users.companyId, tickets.companyId),
        eq(users.id, sql`coalesce(${target.userId}::integer, ${tickets.userId})`),
      ),
    )
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(connections, eq(connections.id, tickets.connectionId))
    .where(tenant(tickets, target.companyId, eq(tickets.id, target.ticketId)));
  if (!row) return text;
  return fillMessageVariables(text, { ...row, ticketId: target.ticketId, now: deps.now() });
}
