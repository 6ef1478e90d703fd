import { describe, expect, test } from 'vitest';
import type { RequestActor } from '../../platform/auth/actor.js';
import { canSeeTicket } from './tickets.access.js';

const attendant: RequestActor = {
  userId: 7,
  companyId: 1,
  name: 'Ana',
  profile: 'user',
  super: false,
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  allTicket: 'disable',
  allowGroup: false,
  company: {
    dueDate: '2999-01-01',
    timezone: 'America/Sao_Paulo',
    status: true,
    plan: {} as RequestActor['company']['plan'],
  },
};
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
