import {
  KANBAN_PAGE_SIZE,
  KANBAN_STATUSES,
  type KanbanTicket,
  type KanbanTicketsQuery,
  toKanbanTicket,
} from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { maskTicket, numbersHiddenFor } from '../contacts/contacts.masking.js';
import { ticketScopeOf } from '../tickets/tickets.access.js';
import { presentTickets, queueIdsOfUser } from '../tickets/tickets.queries.js';
import { lanePage, laneTags } from './kanban.queries.js';

export const listLanes = (ctx: Ctx) => laneTags(ctx.db, ctx.companyId);

/**
 * Which queues the board shows (spec 001 §6, "only tickets of the user's queues"): the caller's own
 * queues and 'Sem fila' (0, which every user has), admins included; `queueIds` may narrow them, never
 * widen them.
 */
async function boardQueues(ctx: Ctx, chosen: number[] | undefined) {
  const own = [...(await queueIdsOfUser(ctx.db, ctx.companyId, ctx.actor.userId))];
  const allowed = chosen ? own.filter((id) => chosen.includes(id)) : own;
  return { queueIds: allowed, withoutQueue: chosen ? chosen.includes(0) : true };
}

/** `GET /ticket/kanban`: one lane's page of cards, among the tickets the caller may see. */
export async function listLaneTickets(
  ctx: Ctx,
  query: KanbanTicketsQuery,
): Promise<{ tickets: KanbanTicket[]; hasMore: boolean }> {
  if (query.tagId !== undefined && !(await isLane(ctx, query.tagId))) throw new AppError('ERR_NO_TAG_FOUND');
  const offset = (query.pageNumber - 1) * KANBAN_PAGE_SIZE;
  const rows = await lanePage(ctx.db, {
    companyId: ctx.companyId,
    userId: ctx.actor.userId,
    scope: ticketScopeOf(ctx.actor),
    ...(await boardQueues(ctx, query.queueIds)),
    tagId: query.tagId,
    statuses: KANBAN_STATUSES,
    limit: KANBAN_PAGE_SIZE + 1,
    offset,
  });
  const hide = await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId);
  const page = presentTickets(ctx.links, rows.slice(0, KANBAN_PAGE_SIZE));
  return {
    tickets: page.map((ticket) => toKanbanTicket(hide ? maskTicket(ticket) : ticket)),
    hasMore: rows.length > KANBAN_PAGE_SIZE,
  };
}

/** Another company's tag, or a tag that is no lane, is no lane of this board. */
async function isLane(ctx: Ctx, tagId: number) {
  return (await laneTags(ctx.db, ctx.companyId)).some((lane) => lane.id === tagId);
}
