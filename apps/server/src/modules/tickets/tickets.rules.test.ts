import { describe, expect, test } from 'vitest';
import { planTicketChange } from './tickets.rules.js';

const pending = { status: 'pending', userId: null, queueId: 3, isGroup: false };
const open = { status: 'open', userId: 5, queueId: 3, isGroup: false };
const closed = { status: 'closed', userId: 5, queueId: 3, isGroup: false };
const attendant = (userId: number) => ({ userId, movesAny: false });
const admin = { userId: 1, movesAny: true };

describe('ticket transitions', () => {
  test('accepting a pending ticket opens it for whoever accepted', () => {
    expect(planTicketChange(pending, { status: 'open' }, attendant(9))).toEqual({
      action: 'accept',
      status: 'open',
      userId: 9,
    });
  });

  test('a group ticket opens as a group', () => {
    expect(planTicketChange({ ...pending, isGroup: true }, { status: 'open' }, attendant(9))).toMatchObject({
      status: 'group',
    });
  });

  test('closing records who closed it; reopening gives it back to whoever reopened', () => {
    expect(planTicketChange(open, { status: 'closed' }, attendant(9))).toMatchObject({
      action: 'close',
      userId: 9,
    });
    expect(planTicketChange(closed, { status: 'open' }, attendant(7))).toMatchObject({
      action: 'reopen',
      status: 'open',
      userId: 7,
    });
  });

  test('returning to the queue clears the user', () => {
    expect(planTicketChange(open, { status: 'pending' }, attendant(5))).toEqual({
      action: 'return',
      status: 'pending',
      userId: null,
    });
  });

  test('a closed ticket cannot be closed again or returned without reopening', () => {
    expect(() => planTicketChange(closed, { status: 'closed' }, attendant(9))).toThrow();
    expect(() => planTicketChange(closed, { status: 'pending' }, attendant(9))).toThrow();
  });

  test('opening a ticket someone else holds is the already-taken answer, never a takeover', () => {
    expect(planTicketChange(open, { status: 'open' }, attendant(9))).toEqual({ action: 'taken' });
    expect(planTicketChange(open, { status: 'open' }, attendant(5))).toEqual({ action: 'none' });
  });

  test('an open ticket whose user was deleted is accepted like a waiting one', () => {
    expect(planTicketChange({ ...open, userId: null }, { status: 'open' }, attendant(9))).toMatchObject({
      action: 'accept',
      userId: 9,
    });
  });
});

describe('transfers', () => {
  test('with a user the ticket opens for them; with only a queue it waits there without a user', () => {
    expect(planTicketChange(open, { userId: 8, queueId: 4 }, attendant(5))).toEqual({
      action: 'transfer',
      status: 'open',
      userId: 8,
      queueId: 4,
    });
    expect(planTicketChange(open, { queueId: 4 }, attendant(5))).toEqual({
      action: 'transfer',
      status: 'pending',
      userId: null,
      queueId: 4,
    });
  });

  test('a transfer needs a queue', () => {
    const noQueue = { ...open, queueId: null };

    expect(() => planTicketChange(noQueue, { userId: 8 }, attendant(5))).toThrow('needs a queue');
    expect(planTicketChange(noQueue, { userId: 8, queueId: 4 }, attendant(5))).toMatchObject({ queueId: 4 });
  });

  test('an attendant moves tickets they hold and waiting ones; an admin moves any', () => {
    expect(() => planTicketChange(open, { userId: 8, queueId: 4 }, attendant(9))).toThrow('holder');
    expect(() => planTicketChange(open, { status: 'pending' }, attendant(9))).toThrow('holder');
    expect(planTicketChange(pending, { userId: 8 }, attendant(9))).toMatchObject({ action: 'transfer' });
    expect(planTicketChange(open, { userId: 8 }, admin)).toMatchObject({ action: 'transfer', userId: 8 });
  });
});
