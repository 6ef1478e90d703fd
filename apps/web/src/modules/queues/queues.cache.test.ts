import type { Queue } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { withQueueRemoved, withQueueUpserted } from './queues.cache';

const queue = (id: number, name: string, orderQueue = 0): Queue => ({
  id,
  companyId: 1,
  name,
  color: '#b71c1c',
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue,
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: null,
  fileListId: null,
  promptId: null,
  closeTicket: false,
  schedules: [],
  chatbots: [],
});

describe('the cached queue list', () => {
  test('a new queue takes its place by order, then name', () => {
    const list = [queue(1, 'Alpha', 1), queue(2, 'Gamma', 1), queue(3, 'Last', 5)];

    const next = withQueueUpserted(list, queue(4, 'Beta', 1));

    expect(next.map((q) => q.name)).toEqual(['Alpha', 'Beta', 'Gamma', 'Last']);
  });

  test('a changed queue replaces the old one and moves if its order changed', () => {
    const list = [queue(1, 'Alpha', 1), queue(2, 'Beta', 2)];

    const next = withQueueUpserted(list, queue(1, 'Alpha', 3));

    expect(next.map((q) => [q.id, q.orderQueue])).toEqual([
      [2, 2],
      [1, 3],
    ]);
  });

  test('a deleted queue leaves the list', () => {
    expect(withQueueRemoved([queue(1, 'Alpha'), queue(2, 'Beta')], 1).map((q) => q.id)).toEqual([2]);
  });
});
