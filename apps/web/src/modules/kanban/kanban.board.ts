import { KANBAN_STATUSES, type KanbanTicket } from '@balcao/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { kanbanKeys, type LaneKey, OPEN_LANE } from './kanban.keys';

interface LanePage {
  tickets: KanbanTicket[];
  hasMore: boolean;
}
export type LanePages = InfiniteData<LanePage, unknown>;

/**
 * Where a card belongs, by the server's rule (spec 001 §6): on the board only while being served or
 * waiting, in one of the user's queues or in none; in its first lane (in lane order), or "Em aberto".
 */
export function laneOf(
  ticket: KanbanTicket,
  laneIds: readonly number[],
  myQueueIds: ReadonlySet<number>,
): LaneKey | undefined {
  if (!KANBAN_STATUSES.includes(ticket.status)) return undefined;
  if (ticket.queueId !== null && !myQueueIds.has(ticket.queueId)) return undefined;
  const tagIds = new Set(ticket.tags.map((tag) => tag.id));
  return laneIds.find((id) => tagIds.has(id)) ?? OPEN_LANE;
}

const newerFirst = (a: KanbanTicket, b: KanbanTicket) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

function withoutCard(data: LanePages, id: number): LanePages {
  if (!data.pages.some((page) => page.tickets.some((card) => card.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.filter((card) => card.id !== id) })),
  };
}

/** The card replaced where the lane shows it; otherwise among the first page's, newest first. */
function withCard(data: LanePages, card: KanbanTicket): LanePages {
  if (data.pages.some((page) => page.tickets.some((c) => c.id === card.id))) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        tickets: page.tickets.map((c) => (c.id === card.id ? card : c)),
      })),
    };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, tickets: [...first.tickets, card].sort(newerFirst) }, ...rest] };
}

/** Moves a card into `lane` (none: off the board) in every loaded lane: one event, no refetch. */
export function placeCard(queryClient: QueryClient, card: KanbanTicket | number, lane: LaneKey | undefined) {
  const id = typeof card === 'number' ? card : card.id;
  for (const [key, data] of queryClient.getQueriesData<LanePages>({ queryKey: kanbanKeys.cards() })) {
    if (!data) continue;
    const here = key[key.length - 1] === lane && typeof card !== 'number';
    const next = here ? withCard(data, card) : withoutCard(data, id);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

/** The card as it is once moved to `lane`: its old lane's tag off, the new one's on. */
export function movedCard(
  card: KanbanTicket,
  lane: LaneKey,
  lanes: readonly { id: number; name: string; color: string }[],
): KanbanTicket {
  const laneIds = new Set(lanes.map((l) => l.id));
  const kept = card.tags.filter((tag) => !laneIds.has(tag.id));
  const added = lanes.find((l) => l.id === lane);
  return { ...card, tags: added ? [...kept, added] : kept };
}
