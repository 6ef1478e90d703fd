import { can } from '@balcao/shared';
import type { Db } from '../../db/client.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { queueIdsOfUser } from './tickets.queries.js';

/** Where a ticket sits, which is all that decides who may see it. */
export type TicketScope = { status: string; userId: number | null; queueId: number | null };

/**
 * `canSeeTicket` as rooms: a ticket goes to every scope that may see it, an actor joins every scope
 * it belongs to, and the two meet exactly when `canSeeTicket` holds. Group tickets have rooms of
 * their own, joined only by actors allowed to see groups.
 */
export function ticketAudience(companyId: number, ticket: TicketScope): string[] {
  const scopes = ['all'];
  if (ticket.userId !== null) scopes.push(`user:${ticket.userId}`);
  if (ticket.queueId !== null) scopes.push(`queue:${ticket.queueId}`);
  else if (ticket.userId === null) scopes.push('unassigned');
  const kind = ticket.status === 'group' ? 'groups' : 'tickets';
  return scopes.map((scope) => rooms.audience(companyId, `${kind}:${scope}`));
}

export function actorTicketAudience(actor: RequestActor, queueIds: ReadonlySet<number>): string[] {
  const scopes = can(actor, 'tickets:seeAllQueues')
    ? ['all']
    : [`user:${actor.userId}`, 'unassigned', ...[...queueIds].map((id) => `queue:${id}`)];
  const kinds = can(actor, 'tickets:groups') ? ['tickets', 'groups'] : ['tickets'];
  return kinds.flatMap((kind) => scopes.map((scope) => rooms.audience(actor.companyId, `${kind}:${scope}`)));
}

export const ticketAudienceOf =
  (db: Db): AudienceSource =>
  async (actor) =>
    actorTicketAudience(
      actor,
      can(actor, 'tickets:seeAllQueues')
        ? new Set()
        : await queueIdsOfUser(db, actor.companyId, actor.userId),
    );
