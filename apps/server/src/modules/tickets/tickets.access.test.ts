import { describe, expect, test } from 'vitest';
import { buildActor } from '../../../test/actors.js';
import { canSeeTicket } from './tickets.access.js';

const attendant = buildActor();
const myQueues = new Set([3]);

describe('who sees a ticket', () => {
  test('an attendant sees their queues, their own tickets and unassigned tickets without a queue', () => {
    expect(canSeeTicket(attendant, { userId: null, queueId: 3, status: 'pending' }, myQueues)).toBe(true);
    expect(canSeeTicket(attendant, { userId: 7, queueId: 9, status: 'open' }, myQueues)).toBe(true);
    expect(canSeeTicket(attendant, { userId: null, queueId: null, status: 'pending' }, myQueues)).toBe(true);
  });

  test('an attendant does not see other queues or a colleague’s queue-less ticket', () => {
    expect(canSeeTicket(attendant, { userId: null, queueId: 9, status: 'pending' }, myQueues)).toBe(false);
    expect(canSeeTicket(attendant, { userId: 8, queueId: null, status: 'open' }, myQueues)).toBe(false);
  });

  test('allTicket and admins see every queue; groups need allowGroup', () => {
    const allTicket = { ...attendant, allTicket: 'enable' as const };
    const admin = { ...attendant, profile: 'admin' as const };

    expect(canSeeTicket(allTicket, { userId: 8, queueId: 9, status: 'open' }, myQueues)).toBe(true);
    expect(canSeeTicket(admin, { userId: 8, queueId: 9, status: 'group' }, myQueues)).toBe(true);
    expect(canSeeTicket(attendant, { userId: 7, queueId: 3, status: 'group' }, myQueues)).toBe(false);
  });
});
