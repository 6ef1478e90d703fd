import {
  addDays,
  can,
  fromZonedInput,
  type ListTicketsQuery,
  type TicketCounts,
  type TicketCountsQuery,
  zonedParts,
} from '@balcao/shared';
import { and, desc, eq, gt, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { inlineLimit, statementsByShape } from '../../db/prepared.js';
import { tickets, ticketTags } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { maskTicket, numbersHiddenFor } from '../contacts/contacts.masking.js';
import { type TicketScope, ticketScopeOf, visibleTicketsFilter } from './tickets.access.js';
import { presentTickets, selectTickets } from './tickets.queries.js';
import { buildSearchHits, foundAmong } from './tickets.search.js';
import { findSearchMatches } from './tickets.search-matches.js';

const TICKETS_PAGE = 40;
const ACTIVE_STATUSES = ['open', 'pending', 'group', 'nps', 'lgpd'];

/** Everyone's tickets and the holder filter are an admin's (spec 000 §6): refused, never quietly dropped. */
function checkAdminFilters(ctx: Ctx, query: TicketCountsQuery) {
  if ((query.showAll || query.users?.length) && !can(ctx.actor, 'tickets-manager:showall'))
    throw new AppError('ERR_NO_PERMISSION', 'Only admins list everyone’s tickets');
}

/**
 * Which filters a request uses, never their values: the statements below are built from this alone,
 * once per shape, and the values are bound. Lists go in as one array each (`= any($n)`), so the
 * number of queues picked does not make another statement.
 */
interface FilterShape extends TicketScope {
  /** Only the caller's own open tickets (the open tab without show all). */
  ownOpen: boolean;
  queues: boolean;
  noQueue: boolean;
  whatsapps: boolean;
  users: boolean;
  tags: boolean;
}

function filterShape(ctx: Ctx, query: TicketCountsQuery): FilterShape {
  return {
    ...ticketScopeOf(ctx.actor),
    ownOpen: !query.showAll,
    queues: (query.queueIds ?? []).some((id) => id > 0),
    noQueue: query.queueIds?.includes(0) ?? false,
    whatsapps: (query.whatsappIds?.length ?? 0) > 0,
    users: (query.users?.length ?? 0) > 0,
    tags: (query.tags?.length ?? 0) > 0,
  };
}

const param = {
  companyId: sql.placeholder('companyId'),
  userId: sql.placeholder('userId'),
  status: sql.placeholder('status'),
  statuses: sql.placeholder('statuses'),
  queueIds: sql.placeholder('queueIds'),
  whatsappIds: sql.placeholder('whatsappIds'),
  users: sql.placeholder('users'),
  tags: sql.placeholder('tags'),
  offset: sql.placeholder('offset'),
  pattern: sql.placeholder('pattern'),
  typed: sql.placeholder('typed'),
  ticketId: sql.placeholder('ticketId'),
  hitLimit: sql.placeholder('hitLimit'),
  contactId: sql.placeholder('contactId'),
  createdFrom: sql.placeholder('createdFrom'),
  createdTo: sql.placeholder('createdTo'),
  updatedFrom: sql.placeholder('updatedFrom'),
  updatedTo: sql.placeholder('updatedTo'),
};

const anyOf = (column: SQLWrapper, values: SQLWrapper) => sql`${column} = any(${values})`;

function filterValues(ctx: Ctx, query: TicketCountsQuery) {
  return {
    companyId: ctx.companyId,
    userId: ctx.actor.userId,
    queueIds: query.queueIds?.filter((id) => id > 0) ?? [],
    whatsappIds: query.whatsappIds ?? [],
    users: query.users ?? [],
    tags: query.tags ?? [],
  };
}

/** The advanced filters and the queue multi-select (0 is "Sem fila"). */
function chosenFilters(shape: FilterShape): SQL | undefined {
  return and(
    shape.queues || shape.noQueue
      ? or(
          shape.queues ? anyOf(tickets.queueId, param.queueIds) : undefined,
          shape.noQueue ? isNull(tickets.queueId) : undefined,
        )
      : undefined,
    shape.whatsapps ? anyOf(tickets.connectionId, param.whatsappIds) : undefined,
    shape.users ? anyOf(tickets.userId, param.users) : undefined,
    shape.tags
      ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${anyOf(ticketTags.tagId, param.tags)})`
      : undefined,
  );
}

/** Without show all, the open tab is the caller's own tickets (spec 000 §2, §6). */
const openScope = (shape: FilterShape) => (shape.ownOpen ? eq(tickets.userId, param.userId) : undefined);

interface ListShape extends FilterShape {
  /** One tab, the closed tab, the statuses of the advanced filter (the search tab), or every status. */
  tab: 'status' | 'closed' | 'statuses' | 'any';
  open: boolean;
  unread: boolean;
  /** A page past the first: bound offset (the first page has none, so its plan is reused). */
  paged: boolean;
  search: 'none' | 'words' | 'words or id';
  /** lgpdHideNumber hides numbers from the caller: a search never matches one (see `buildSearchHits`). */
  numbersHidden: boolean;
  /** One contact's tickets. */
  contact: boolean;
  /** Created on a day, changed last on a day (the company's days, bound as instants). */
  createdOn: boolean;
  updatedOn: boolean;
}

const instant = (value: SQLWrapper) => sql`${value}::timestamptz`;
const within = (column: SQLWrapper, from: SQLWrapper, to: SQLWrapper) =>
  sql`${column} >= ${instant(from)} and ${column} < ${instant(to)}`;

/** The list's own filters (spec 000 §7), which the tab counts do not take. */
function listFilters(shape: ListShape): SQL | undefined {
  return and(
    shape.contact ? eq(tickets.contactId, param.contactId) : undefined,
    shape.createdOn ? within(tickets.createdAt, param.createdFrom, param.createdTo) : undefined,
    shape.updatedOn ? within(tickets.updatedAt, param.updatedFrom, param.updatedTo) : undefined,
  );
}

/**
 * The instants a day of the company's begins and ends, as ISO text. A date is a day of its wall
 * calendar; an instant names the day it falls on there.
 */
function companyDay(value: string | undefined, timeZone: string): { from?: string; to?: string } {
  if (!value) return {};
  const day = value.length === 10 ? value : zonedParts(new Date(value), timeZone).date;
  return {
    from: fromZonedInput(`${day}T00:00`, timeZone).toISOString(),
    to: fromZonedInput(`${addDays(day, 1)}T00:00`, timeZone).toISOString(),
  };
}

/**
 * CLOSED_TAB_STATUSES written out, not bound: the partial index `tickets_company_finished_updated_idx`
 * serves the tab only when the planner sees this very list.
 */
const closedTab = sql`${tickets.status} in ('closed', 'nps')`;

function tabFilter(shape: ListShape): SQL | undefined {
  if (shape.tab === 'closed') return closedTab;
  if (shape.tab === 'status')
    return and(eq(tickets.status, param.status), shape.open ? openScope(shape) : undefined);
  return shape.tab === 'statuses' ? anyOf(tickets.status, param.statuses) : undefined;
}

/** Every condition of the list but the search's. */
function listWhere(shape: ListShape): SQL | undefined {
  return and(
    eq(tickets.companyId, param.companyId),
    visibleTicketsFilter(shape, param),
    tabFilter(shape),
    chosenFilters(shape),
    listFilters(shape),
    shape.unread ? gt(tickets.unreadMessages, 0) : undefined,
  );
}

/** A page in the list's order: newest change first, ties by id. */
function pageOf(db: Db | Tx, where: SQL | undefined, paged: boolean) {
  const statement = selectTickets(db)
    .where(where)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(inlineLimit(TICKETS_PAGE + 1));
  return paged ? statement.offset(param.offset) : statement;
}

const listStatement = statementsByShape('tickets_list', (db, shape: ListShape) =>
  pageOf(db, listWhere(shape), shape.paged),
);

/** A page of a search's hits, which met the list's conditions already: one statement for every filter. */
const hitsPageStatement = statementsByShape('tickets_hits_page', (db, shape: { paged: boolean }) =>
  pageOf(db, and(eq(tickets.companyId, param.companyId), foundAmong), shape.paged),
);

/**
 * A search in two statements: the hits, planned for the words typed (see `buildSearchHits`), then
 * their page, planned once: planning the page's joins around the search cost PostgreSQL more than
 * running both.
 */
async function pageOfHits(db: Db, shape: ListShape, values: Record<string, unknown>) {
  const search = { byId: shape.search === 'words or id', numbersHidden: shape.numbersHidden };
  const hits = await buildSearchHits(db, search, listWhere(shape)).execute(values);
  if (hits.length === 0) return [];
  return hitsPageStatement(db, { paged: shape.paged }).execute({
    ...values,
    found: hits.map((hit) => hit.id),
  });
}

function tabOf(query: ListTicketsQuery): ListShape['tab'] {
  if (query.status === 'closed') return 'closed';
  if (query.status) return 'status';
  return query.statusFilter?.length ? 'statuses' : 'any';
}

export async function listTickets(ctx: Ctx, query: ListTicketsQuery) {
  checkAdminFilters(ctx, query);
  const typed = query.searchParam;
  const hide = await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId);
  const shape: ListShape = {
    ...filterShape(ctx, query),
    tab: tabOf(query),
    open: query.status === 'open',
    unread: query.withUnreadMessages ?? false,
    paged: query.pageNumber > 1,
    search: !typed ? 'none' : /^\d{1,9}$/.test(typed) ? 'words or id' : 'words',
    numbersHidden: Boolean(typed) && hide,
    contact: query.contactId !== undefined,
    createdOn: query.date !== undefined,
    updatedOn: query.updatedAt !== undefined,
  };
  const { timezone } = ctx.actor.company;
  const created = companyDay(query.date, timezone);
  const updated = companyDay(query.updatedAt, timezone);
  const offset = (query.pageNumber - 1) * TICKETS_PAGE;
  const values = {
    ...filterValues(ctx, query),
    status: query.status,
    statuses: query.statusFilter ?? [],
    offset,
    pattern: typed && `%${typed.replace(/[\\%_]/g, '\\$&')}%`,
    typed,
    ticketId: typed && shape.search === 'words or id' ? Number(typed) : undefined,
    hitLimit: offset + TICKETS_PAGE + 1,
    contactId: query.contactId,
    createdFrom: created.from,
    createdTo: created.to,
    updatedFrom: updated.from,
    updatedTo: updated.to,
  };
  const rows = typed
    ? await pageOfHits(ctx.db, shape, values)
    : await listStatement(ctx.db, shape).execute(values);
  const page = presentTickets(ctx.links, rows.slice(0, TICKETS_PAGE));
  const matches = typed
    ? await findSearchMatches(
        ctx.db,
        { companyId: ctx.companyId, typed, numbersHidden: shape.numbersHidden },
        page.map((ticket) => ticket.id),
      )
    : undefined;
  return {
    tickets: hide ? page.map(maskTicket) : page,
    hasMore: rows.length > TICKETS_PAGE,
    matches,
  };
}

const counted = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

function buildCounts(db: Db | Tx, shape: FilterShape) {
  const chosen = chosenFilters(shape) ?? sql`true`;
  return db
    .select({
      open: counted(and(eq(tickets.status, 'open'), openScope(shape), chosen)),
      pending: counted(and(eq(tickets.status, 'pending'), chosen)),
      group: counted(and(eq(tickets.status, 'group'), chosen)),
      unread: counted(gt(tickets.unreadMessages, 0)),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, param.companyId),
        inArray(tickets.status, ACTIVE_STATUSES),
        visibleTicketsFilter(shape, param),
      ),
    );
}

const countsStatement = statementsByShape('tickets_counts', buildCounts);

/**
 * The open tab's three badges and the bell in one statement over the company's active tickets. The
 * bell counts what the caller may see, whatever the list's filters.
 */
export async function countTickets(ctx: Ctx, query: TicketCountsQuery): Promise<TicketCounts> {
  checkAdminFilters(ctx, query);
  const [row] = await countsStatement(ctx.db, filterShape(ctx, query)).execute(filterValues(ctx, query));
  return row ?? { open: 0, pending: 0, group: 0, unread: 0 };
}
