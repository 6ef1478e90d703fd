import { createHash } from 'node:crypto';
import { can, type ListTicketsQuery, type TicketCounts, type TicketCountsQuery } from '@balcao/shared';
import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { contacts, messages, tickets, ticketTags } from '../../db/schema/index.js';
import { searchDocument, searchQuery } from '../../db/text-search.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { visibleTicketsFilter } from './tickets.access.js';
import { presentTickets, selectTickets } from './tickets.queries.js';

const TICKETS_PAGE = 40;

/**
 * A statement named after its text: PostgreSQL parses and plans each shape of the list once per
 * connection instead of on every request (planning the five joins cost 1 ms of a 1.3 ms query).
 */
const statementName = (text: string) => `tickets_${createHash('sha1').update(text).digest('base64url')}`;
const ACTIVE_STATUSES = ['open', 'pending', 'group', 'nps', 'lgpd'];

/** Everyone's tickets and the holder filter are an admin's (spec 000 §6): refused, never quietly dropped. */
function checkAdminFilters(ctx: Ctx, query: TicketCountsQuery) {
  if ((query.showAll || query.users?.length) && !can(ctx.actor, 'tickets-manager:showall'))
    throw new AppError('ERR_NO_PERMISSION', 'Only admins list everyone’s tickets');
}

/** The advanced filters and the queue multi-select (0 is "Sem fila"). */
function chosenFilters(query: TicketCountsQuery): SQL | undefined {
  const queueIds = query.queueIds?.filter((id) => id > 0) ?? [];
  const tagIds = query.tags ?? [];
  return and(
    query.queueIds?.length
      ? or(
          queueIds.length ? inArray(tickets.queueId, queueIds) : undefined,
          query.queueIds.includes(0) ? isNull(tickets.queueId) : undefined,
        )
      : undefined,
    query.whatsappIds?.length ? inArray(tickets.connectionId, query.whatsappIds) : undefined,
    query.users?.length ? inArray(tickets.userId, query.users) : undefined,
    tagIds.length
      ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${inArray(ticketTags.tagId, tagIds)})`
      : undefined,
  );
}

/** Without show all, the open tab is the caller's own tickets (spec 000 §2, §6). */
const openScope = (ctx: Ctx, showAll: boolean | undefined) =>
  showAll ? undefined : eq(tickets.userId, ctx.actor.userId);

function tabFilter(ctx: Ctx, query: ListTicketsQuery): SQL | undefined {
  if (query.status === 'open') return and(eq(tickets.status, 'open'), openScope(ctx, query.showAll));
  if (query.status) return eq(tickets.status, query.status);
  // The search tab: every status, or those the advanced filter picked.
  return query.statusFilter?.length ? inArray(tickets.status, query.statusFilter) : undefined;
}

/**
 * Tickets matching a search: by contact name or number, by ticket id, or by the words of any of their
 * messages. Each way is its own branch ordered and cut on its own index, so the planner walks recent
 * tickets for a word in every message and the search index for a rare one; an OR of the three
 * would scan every ticket of the company. Contacts are matched by the company's id, not the ticket's,
 * so that subquery runs once instead of once per ticket.
 */
function searchHits(companyId: number, where: SQL | undefined, typed: string, limit: number): SQL {
  const pattern = `%${typed.replace(/[\\%_]/g, '\\$&')}%`;
  const branch = (match: SQL) =>
    sql`(select ${tickets.id} as id from ${tickets} where ${and(where, match)}
      order by ${tickets.updatedAt} desc, ${tickets.id} desc limit ${limit})`;
  const branches = [
    branch(sql`${tickets.contactId} in (select ${contacts.id} from ${contacts}
      where ${contacts.companyId} = ${companyId} and (${contacts.name} ilike ${pattern} or ${contacts.number} ilike ${pattern}))`),
    branch(sql`exists (select 1 from ${messages} where ${messages.ticketId} = ${tickets.id}
      and ${searchDocument(messages.body)} @@ ${searchQuery(typed)} and not ${messages.isDeleted})`),
  ];
  if (/^\d{1,9}$/.test(typed)) branches.push(branch(eq(tickets.id, Number(typed))));
  return sql`(select id from (${sql.join(branches, sql` union `)}) hits)`;
}

export async function listTickets(ctx: Ctx, query: ListTicketsQuery) {
  checkAdminFilters(ctx, query);
  const where = and(
    eq(tickets.companyId, ctx.companyId),
    visibleTicketsFilter(ctx.actor),
    tabFilter(ctx, query),
    chosenFilters(query),
    query.withUnreadMessages ? gt(tickets.unreadMessages, 0) : undefined,
  );
  const offset = (query.pageNumber - 1) * TICKETS_PAGE;
  const matching = query.searchParam
    ? and(
        where,
        inArray(tickets.id, searchHits(ctx.companyId, where, query.searchParam, offset + TICKETS_PAGE + 1)),
      )
    : where;
  const statement = selectTickets(ctx.db)
    .where(matching)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(TICKETS_PAGE + 1)
    .offset(offset);
  // A search is planned each time: whether to walk recent tickets or the word index depends on how
  // common the typed words are, which a plan reused across searches (PostgreSQL's generic plan) ignores.
  const rows = query.searchParam
    ? await statement
    : await statement.prepare(statementName(statement.toSQL().sql)).execute();
  return {
    tickets: presentTickets(ctx.links, rows.slice(0, TICKETS_PAGE)),
    hasMore: rows.length > TICKETS_PAGE,
  };
}

/**
 * The open tab's three badges and the bell in one statement over the company's active tickets. The
 * bell counts what the caller may see, whatever the list's filters.
 */
export async function countTickets(ctx: Ctx, query: TicketCountsQuery): Promise<TicketCounts> {
  checkAdminFilters(ctx, query);
  const chosen = chosenFilters(query) ?? sql`true`;
  const counted = (condition: SQL | undefined) =>
    sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);
  const statement = ctx.db
    .select({
      open: counted(and(eq(tickets.status, 'open'), openScope(ctx, query.showAll), chosen)),
      pending: counted(and(eq(tickets.status, 'pending'), chosen)),
      group: counted(and(eq(tickets.status, 'group'), chosen)),
      unread: counted(gt(tickets.unreadMessages, 0)),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ctx.companyId),
        inArray(tickets.status, ACTIVE_STATUSES),
        visibleTicketsFilter(ctx.actor),
      ),
    );
  const [row] = await statement.prepare(statementName(statement.toSQL().sql)).execute();
  return row ?? { open: 0, pending: 0, group: 0, unread: 0 };
}
