import type { ReportFilters, TicketStatus } from '@balcao/shared';
import { and, desc, eq, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  connections,
  contacts,
  queues,
  ticketCycles,
  ticketRatings,
  tickets,
  ticketTags,
  users,
} from '../../db/schema/index.js';

/** What one query of the report reads: the company, its period, the chosen filters. */
export interface ReportScope {
  companyId: number;
  from: Date;
  to: Date;
  filters: ReportFilters;
  /** lgpdHideNumber hides numbers from the caller: a search never matches one. */
  numbersHidden: boolean;
}

/*
 * One row per cycle. While a cycle is open the ticket is where it is now; once closed, the cycle
 * keeps who held it, its queue and its end (written when it closed). These expressions are the one
 * definition of a row's holder, queue and status, for the filters and for the columns alike.
 */
const isOpenCycle = isNull(ticketCycles.closedAt);
const rowUserId = sql<
  number | null
>`case when ${isOpenCycle} then ${tickets.userId} else ${ticketCycles.userId} end`;
const rowQueueId = sql<
  number | null
>`case when ${isOpenCycle} then ${tickets.queueId} else ${ticketCycles.queueId} end`;
/** A closed cycle is closed, unless it is the ticket's last close and the ticket still waits for its rating. */
const rowStatus = sql<TicketStatus>`case when ${isOpenCycle} then ${tickets.status}
  when ${tickets.status} = 'nps' and ${ticketCycles.closedAt} >= ${tickets.closedAt} then 'nps'
  else 'closed' end`;

const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const anyOf = (expression: SQLWrapper, values: number[] | string[]) =>
  sql`${expression} = any(${sql.param(values)})`;

/** Whether a filter reads the ticket beside the cycle: the count then joins it. */
const needsTicket = (f: ReportFilters) =>
  Boolean(
    f.searchParam ||
      f.contactId ||
      f.tags?.length ||
      f.users?.length ||
      f.queueIds?.length ||
      f.status?.length,
  );

function contactMatch(scope: ReportScope): SQL | undefined {
  const typed = scope.filters.searchParam;
  if (!typed) return undefined;
  const pattern = `%${typed.replace(/[\\%_]/g, '\\$&')}%`;
  const match = scope.numbersHidden
    ? sql`${contacts.name} ilike ${pattern} and ${contacts.name} is distinct from ${contacts.number}`
    : sql`(${contacts.name} ilike ${pattern} or ${contacts.number} ilike ${pattern})`;
  // Contacts are matched within the company (its trigram indexes lead with it), once, not per row.
  return sql`${tickets.contactId} in (select ${contacts.id} from ${contacts}
    where ${contacts.companyId} = ${scope.companyId} and ${match})`;
}

function queueMatch(queueIds: number[] | undefined): SQL | undefined {
  if (!queueIds?.length) return undefined;
  const chosen = queueIds.filter((id) => id > 0);
  return or(
    chosen.length ? anyOf(rowQueueId, chosen) : undefined,
    queueIds.includes(0) ? sql`${rowQueueId} is null` : undefined,
  );
}

function conditions(scope: ReportScope): SQL {
  const f = scope.filters;
  return and(
    eq(ticketCycles.companyId, scope.companyId),
    sql`${ticketCycles.createdAt} >= ${instant(scope.from)}`,
    sql`${ticketCycles.createdAt} < ${instant(scope.to)}`,
    f.whatsappId?.length ? anyOf(ticketCycles.connectionId, f.whatsappId) : undefined,
    f.contactId ? eq(tickets.contactId, f.contactId) : undefined,
    contactMatch(scope),
    f.users?.length ? anyOf(rowUserId, f.users) : undefined,
    queueMatch(f.queueIds),
    f.status?.length ? anyOf(rowStatus, f.status) : undefined,
    f.tags?.length
      ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${anyOf(ticketTags.tagId, f.tags)})`
      : undefined,
  ) as SQL;
}

const rowUser = sql`${users.id} = ${rowUserId}`;
const rowQueue = sql`${queues.id} = ${rowQueueId}`;

/** The report's rows, newest first (ties by cycle id, so pages never repeat or skip a row). */
function selectRows(db: Db, scope: ReportScope, after?: SQL) {
  return db
    .select({
      cycleId: ticketCycles.id,
      id: tickets.id,
      uuid: tickets.uuid,
      whatsappName: connections.name,
      contactName: contacts.name,
      contactNumber: contacts.number,
      userName: users.name,
      queueName: queues.name,
      status: rowStatus,
      lastMessage: tickets.lastMessage,
      createdAt: ticketCycles.createdAt,
      closedAt: ticketCycles.closedAt,
      rate: ticketRatings.rate,
      scale: ticketRatings.scale,
    })
    .from(ticketCycles)
    .innerJoin(tickets, and(eq(tickets.id, ticketCycles.ticketId), eq(tickets.companyId, scope.companyId)))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(connections, eq(connections.id, ticketCycles.connectionId))
    .leftJoin(users, rowUser)
    .leftJoin(queues, rowQueue)
    .leftJoin(
      ticketRatings,
      and(eq(ticketRatings.cycleId, ticketCycles.id), eq(ticketRatings.companyId, scope.companyId)),
    )
    .where(and(conditions(scope), after))
    .orderBy(desc(ticketCycles.createdAt), desc(ticketCycles.id));
}

export type ReportRow = Awaited<ReturnType<typeof selectRows>>[number];

export const reportPage = (db: Db, scope: ReportScope, page: number, pageSize: number) =>
  selectRows(db, scope)
    .limit(pageSize)
    .offset((page - 1) * pageSize);

/** The rows after `cursor` in the report's order: the export reads the whole report this way, batch by batch. */
export function reportBatch(
  db: Db,
  scope: ReportScope,
  cursor: { createdAt: Date; cycleId: number } | undefined,
  size: number,
) {
  const after = cursor
    ? sql`(${ticketCycles.createdAt}, ${ticketCycles.id}) < (${instant(cursor.createdAt)}, ${cursor.cycleId})`
    : undefined;
  return selectRows(db, scope, after).limit(size);
}

export async function countReportRows(db: Db, scope: ReportScope): Promise<number> {
  const base = db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(ticketCycles);
  const query = needsTicket(scope.filters)
    ? base.innerJoin(
        tickets,
        and(eq(tickets.id, ticketCycles.ticketId), eq(tickets.companyId, scope.companyId)),
      )
    : base;
  const [row] = await query.where(conditions(scope));
  return row?.total ?? 0;
}
