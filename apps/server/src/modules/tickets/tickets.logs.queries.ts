import type { TicketLog } from '@balcao/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queues, ticketLogs, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

export async function selectTicketLogs(db: Db, companyId: number, ticketId: number): Promise<TicketLog[]> {
  const rows = await db
    .select({
      id: ticketLogs.id,
      type: ticketLogs.type,
      createdAt: ticketLogs.createdAt,
      user: { id: users.id, name: users.name },
      queue: { id: queues.id, name: queues.name, color: queues.color },
    })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
    .where(tenant(ticketLogs, companyId, eq(ticketLogs.ticketId, ticketId)))
    .orderBy(asc(ticketLogs.createdAt), asc(ticketLogs.id));
  return rows.map((row) => ({
    ...row,
    type: row.type as TicketLog['type'],
    createdAt: row.createdAt.toISOString(),
  }));
}
