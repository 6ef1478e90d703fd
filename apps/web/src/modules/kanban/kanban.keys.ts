/** A lane: a lane tag's id, or the tickets carrying none ("Em aberto"). */
export type LaneKey = number | 'open';
export const OPEN_LANE = 'open' as const;

export const kanbanKeys = {
  all: ['kanban'] as const,
  lanes: () => [...kanbanKeys.all, 'lanes'] as const,
  cards: () => [...kanbanKeys.all, 'cards'] as const,
  lane: (lane: LaneKey) => [...kanbanKeys.cards(), lane] as const,
};
