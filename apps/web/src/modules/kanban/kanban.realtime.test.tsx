import { EventEmitter } from 'node:events';
import { events, type KanbanTicket } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildSessionUser, buildTicket } from '../../test/fixtures';
import { liveWrapper } from '../../test/live-wrapper';
import type { LanePages } from './kanban.board';
import { kanbanKeys, type LaneKey } from './kanban.keys';
import { useKanbanRealtime } from './kanban.realtime';

const doing = { id: 10, name: 'Fazendo', color: '#f00' };
const empty = (): LanePages => ({ pages: [{ tickets: [], hasMore: false }], pageParams: [1] });

function board(moving = new Set<number>()) {
  const socket = new EventEmitter();
  const queryClient = new QueryClient();
  const user = buildSessionUser({ profile: 'user' });
  queryClient.setQueryData(kanbanKeys.lane('open'), empty());
  queryClient.setQueryData(kanbanKeys.lane(10), empty());
  renderHook(() => useKanbanRealtime([10], moving), { wrapper: liveWrapper(queryClient, user, socket) });
  const send = (payload: unknown) => act(() => void socket.emit(events.ticket(user.companyId), payload));
  const ids = (lane: LaneKey) =>
    queryClient
      .getQueryData<LanePages>(kanbanKeys.lane(lane))
      ?.pages[0]?.tickets.map((c: KanbanTicket) => c.id);
  return { send, ids };
}

describe('the board follows ticket events', () => {
  test("a colleague's move puts the card in its new lane; a ticket closed or gone leaves the board", () => {
    const { send, ids } = board();

    send({ action: 'update', ticket: buildTicket({ id: 1, status: 'pending', queueId: null }) });
    send({ action: 'update', ticket: buildTicket({ id: 2, status: 'pending', queueId: null }) });
    send({
      action: 'update',
      ticket: buildTicket({ id: 1, status: 'pending', queueId: null, tags: [doing] }),
    });
    expect([ids('open'), ids(10)]).toEqual([[2], [1]]);

    send({
      action: 'update',
      ticket: buildTicket({ id: 1, status: 'closed', queueId: null, tags: [doing] }),
    });
    send({ action: 'delete', ticketId: 2 });
    expect([ids('open'), ids(10)]).toEqual([[], []]);
  });

  test('a card the user is moving is left where the move put it until the move ends', () => {
    const { send, ids } = board(new Set([1]));

    send({ action: 'update', ticket: buildTicket({ id: 1, status: 'open', queueId: null }) });

    expect([ids('open'), ids(10)]).toEqual([[], []]);
  });
});
