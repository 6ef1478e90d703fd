import { describe, expect, test } from 'vitest';
import { planTicketChange } from './tickets.rules.js';

const pending = { status: 'pending', userId: null, isGroup: false };
const open = { status: 'open', userId: 5, isGroup: false };
const closed = { status: 'closed', userId: 5, isGroup: false };

describe('ticket transitions', () => {
  test('accepting a pending ticket opens it for whoever accepted', () => {
    expect(planTicketChange(pending, { status: 'open' }, 9)).toEqual({
      action: 'accept',
      status: 'open',
      userId: 9,
    });
  });

  test('a group ticket opens as a group', () => {
    expect(planTicketChange({ ...pending, isGroup: true }, { status: 'open' }, 9).status).toBe('group');
  });

  test('closing records who closed it; reopening gives it back to whoever reopened', () => {
    expect(planTicketChange(open, { status: 'closed' }, 9)).toMatchObject({ action: 'close', userId: 9 });
    expect(planTicketChange(closed, { status: 'open' }, 7)).toMatchObject({
      action: 'reopen',
      status: 'open',
      userId: 7,
    });
  });

  test('returning to the queue clears the user', () => {
    expect(planTicketChange(open, { status: 'pending' }, 9)).toEqual({
      action: 'return',
      status: 'pending',
      userId: null,
    });
  });

  test('a closed ticket cannot be closed again or returned without reopening', () => {
    expect(() => planTicketChange(closed, { status: 'closed' }, 9)).toThrow();
    expect(() => planTicketChange(closed, { status: 'pending' }, 9)).toThrow();
  });
});
