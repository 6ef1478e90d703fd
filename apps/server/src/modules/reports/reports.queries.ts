import type { ReportFilters, TicketStatus } from '@balcao/shared';
import { and, desc, eq, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { inlineLimit, planOnce, statementsByShape } from '../../db/prepared.js';
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
import { countPeriodCycles } from './reports.count.js';

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

/** Which filters a report reads, never their values: its statements are built from this alone, once per shape. */
interface ReportShape {
  whatsapps: boolean;
  contact: boolean;
  search: boolean;
  numbersHidden: boolean;
  users: boolean;
  queues: boolean;
  noQueue: boolean;
  status: boolean;
  tags: boolean;
}

function shapeOf(scope: ReportScope): ReportShape {
  const f = scope.filters;
  return {
    whatsapps: Boolean(f.whatsappId?.length),
    contact: Boolean(f.contactId),
    search: Boolean(f.searchParam),
    numbersHidden: Boolean(f.searchParam) && scope.numbersHidden,
    users: Boolean(f.users?.length),
    queues: (f.queueIds ?? []).some((id) => id > 0),
    noQueue: f.queueIds?.includes(0) ?? false,
    status: Boolean(f.status?.length),
    tags: Boolean(f.tags?.length),
  };
}

const param = {
  companyId: sql.placeholder('companyId'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  whatsappIds: sql.placeholder('whatsappIds'),
  contactId: sql.placeholder('contactId'),
  pattern: sql.placeholder('pattern'),
  users: sql.placeholder('users'),
  queueIds: sql.placeholder('queueIds'),
  status: sql.placeholder('status'),
  tags: sql.placeholder('tags'),
  offset: sql.placeholder('offset'),
  afterAt: sql.placeholder('afterAt'),
  afterId: sql.placeholder('afterId'),
};

function valuesOf(scope: ReportScope) {
  const f = scope.filters;
  return {
    companyId: scope.companyId,
    from: scope.from.toISOString(),
    to: scope.to.toISOString(),
    whatsappIds: f.whatsappId ?? [],
    contactId: f.contactId,
    pattern: f.searchParam && `%${f.searchParam.replace(/[\\%_]/g, '\\$&')}%`,
    users: f.users ?? [],
    queueIds: f.queueIds?.filter((id) => id > 0) ?? [],
    status: f.status ?? [],
    tags: f.tags ?? [],
  };
}

const instant = (value: SQLWrapper) => sql`${value}::timestamptz`;
/**
 * The period's ends hidden from the planner: seeing them, PostgreSQL priced a plan for each period
 * cheaper than the one it keeps, and planned every page (8–10 ms for 0.3 ms of running). Either way
 * the company's cycles are read by time, on the index that leads with the company.
 */
const periodEnd = (value: SQLWrapper) => planOnce(instant(value));
const anyOf = (expression: SQLWrapper, values: SQLWrapper) => sql`${expression} = any(${values})`;

/** Whether a filter reads the ticket beside the cycle: the count then joins it. */
const needsTicket = (s: ReportShape) =>
  s.search || s.contact || s.tags || s.users || s.queues || s.noQueue || s.status;

function contactMatch(shape: ReportShape): SQL | undefined {
  if (!shape.search) return undefined;
  const match = shape.numbersHidden
    ? sql`${contacts.name} ilike ${param.pattern} and ${contacts.name} is distinct from ${contacts.number}`
    : sql`(${contacts.name} ilike ${param.pattern} or ${contacts.number} ilike ${param.pattern})`;
  // Contacts are matched within the company (its trigram indexes lead with it), once, not per row.
  return sql`${tickets.contactId} in (select ${contacts.id} from ${contacts}
    where ${contacts.companyId} = ${param.companyId} and ${match})`;
}

function queueMatch(shape: ReportShape): SQL | undefined {
  return or(
    shape.queues ? anyOf(rowQueueId, param.queueIds) : undefined,
    shape.noQueue ? sql`${rowQueueId} is null` : undefined,
  );
}

/** The export's batches show the planner the period: each is planned for where its cursor stands. */
function conditions(shape: ReportShape, period: (value: SQLWrapper) => SQL = periodEnd): SQL {
  return and(
    eq(ticketCycles.companyId, param.companyId),
    sql`${ticketCycles.createdAt} >= ${period(param.from)}`,
    sql`${ticketCycles.createdAt} < ${period(param.to)}`,
    shape.whatsapps ? anyOf(ticketCycles.connectionId, param.whatsappIds) : undefined,
    shape.contact ? eq(tickets.contactId, param.contactId) : undefined,
    contactMatch(shape),
    shape.users ? anyOf(rowUserId, param.users) : undefined,
    queueMatch(shape),
    shape.status ? anyOf(rowStatus, param.status) : undefined,
    shape.tags
      ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${anyOf(ticketTags.tagId, param.tags)})`
      : undefined,
  ) as SQL;
}

const rowUser = sql`${users.id} = ${rowUserId}`;
const rowQueue = sql`${queues.id} = ${rowQueueId}`;

/** The report's rows, newest first (ties by cycle id, so pages never repeat or skip a row). */
function selectRows(db: Db | Tx, shape: ReportShape, after?: SQL, where = conditions(shape)) {
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
    .innerJoin(tickets, and(eq(tickets.id, ticketCycles.ticketId), eq(tickets.companyId, param.companyId)))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(connections, eq(connections.id, ticketCycles.connectionId))
    .leftJoin(users, rowUser)
    .leftJoin(queues, rowQueue)
    .leftJoin(
      ticketRatings,
      and(eq(ticketRatings.cycleId, ticketCycles.id), eq(ticketRatings.companyId, param.companyId)),
    )
    .where(and(where, after))
    .orderBy(desc(ticketCycles.createdAt), desc(ticketCycles.id));
}

export type ReportRow = Awaited<ReturnType<typeof selectRows>>[number];

/*
 * Statements rendered and prepared once per shape of filters (and page size): planning the page's
 * seven tables took PostgreSQL 8–10 ms, running it 0.3 ms.
 */
const pageStatement = statementsByShape(
  'report_page',
  (db, shape: ReportShape & { size: number; paged: boolean }) => {
    const statement = selectRows(db, shape).limit(inlineLimit(shape.size));
    return shape.paged ? statement.offset(param.offset) : statement;
  },
);

const batchStatement = statementsByShape(
  'report_batch',
  (db, shape: ReportShape & { size: number; after: boolean }) => {
    // The plain bound lets the index on the company's cycles by time start at the cursor; the row
    // comparison then skips what the previous batch already took at the same instant.
    const after = shape.after
      ? sql`${ticketCycles.createdAt} <= ${instant(param.afterAt)}
            and (${ticketCycles.createdAt}, ${ticketCycles.id}) < (${instant(param.afterAt)}, ${param.afterId})`
      : undefined;
    return selectRows(db, shape, after, conditions(shape, instant)).limit(inlineLimit(shape.size));
  },
);

const countStatement = statementsByShape('report_count', (db, shape: ReportShape) => {
  const base = db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(ticketCycles);
  const query = needsTicket(shape)
    ? base.innerJoin(
        tickets,
        and(eq(tickets.id, ticketCycles.ticketId), eq(tickets.companyId, param.companyId)),
      )
    : base;
  return query.where(conditions(shape));
});

export function reportPage(db: Db, scope: ReportScope, page: number, pageSize: number): Promise<ReportRow[]> {
  const shape = { ...shapeOf(scope), size: pageSize, paged: page > 1 };
  return pageStatement(db, shape).execute({ ...valuesOf(scope), offset: (page - 1) * pageSize });
}

/** The rows after `cursor` in the report's order: the export reads the whole report this way, batch by batch. */
export function reportBatch(
  db: Db,
  scope: ReportScope,
  cursor: { createdAt: Date; cycleId: number } | undefined,
  size: number,
): Promise<ReportRow[]> {
  const shape = { ...shapeOf(scope), size, after: cursor !== undefined };
  return batchStatement(db, shape).execute({
    ...valuesOf(scope),
    afterAt: cursor?.createdAt.toISOString(),
    afterId: cursor?.cycleId,
  });
}

export async function countReportRows(db: Db, scope: ReportScope): Promise<number> {
  const shape = shapeOf(scope);
  if (!Object.values(shape).some(Boolean))
    return countPeriodCycles(db, scope.companyId, scope.from, scope.to);
  const [row] = await countStatement(db, shape).execute(valuesOf(scope));
  return row?.total ?? 0;
}
