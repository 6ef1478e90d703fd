import { describe, expect, test } from 'vitest';
import { buildMessage, buildSessionUser, buildTicket } from '../../test/fixtures';
import {
  belongsToList,
  isTicketVisibleTo,
  mayDeleteNote,
  mayOpenHeldTicket,
  noFilters,
  shouldAlert,
} from './tickets.rules';

const attendant = buildSessionUser({ id: 7, queues: [{ id: 3, name: 'Vendas', color: '#f00' }] });
const admin = buildSessionUser({ id: 1, profile: 'admin' });
const all = noFilters;

describe('isTicketVisibleTo', () => {
  test("an attendant sees waiting tickets without a queue, their queues' tickets and their own", () => {
    expect(isTicketVisibleTo(buildTicket({ queueId: null }), attendant)).toBe(true);
    expect(isTicketVisibleTo(buildTicket({ queueId: 3 }), attendant)).toBe(true);
    expect(isTicketVisibleTo(buildTicket({ queueId: 4, userId: 7, status: 'open' }), attendant)).toBe(true);
  });

  test("an attendant does not see other queues' tickets nor a colleague's ticket without a queue", () => {
    expect(isTicketVisibleTo(buildTicket({ queueId: 4 }), attendant)).toBe(false);
    expect(isTicketVisibleTo(buildTicket({ userId: 8, status: 'open' }), attendant)).toBe(false);
  });
});

describe('mayOpenHeldTicket', () => {
  const held = (userId: number | null, queueId: number | null) => ({
    ticketId: 9,
    uuid: '00000000-0000-4000-8000-000000000009',
    userId,
    userName: userId ? 'Someone' : null,
    queueId,
    queueName: queueId ? 'Some queue' : null,
  });

  test("the already-open dialog links to a ticket in the user's queue or hands, never to another queue's", () => {
    expect(mayOpenHeldTicket(held(8, 3), attendant)).toBe(true);
    expect(mayOpenHeldTicket(held(7, 4), attendant)).toBe(true);
    expect(mayOpenHeldTicket(held(null, null), attendant)).toBe(true);
    expect(mayOpenHeldTicket(held(8, 4), attendant)).toBe(false);
    expect(mayOpenHeldTicket(held(8, null), attendant)).toBe(false);
    expect(mayOpenHeldTicket(held(8, 4), admin)).toBe(true);
  });
});

describe('belongsToList', () => {
  test('the open tab lists only my tickets unless an admin shows all', () => {
    const colleagues = buildTicket({ status: 'open', userId: 8 });

    expect(belongsToList(colleagues, { ...all, status: 'open' }, admin)).toBe(false);
    expect(belongsToList(colleagues, { ...all, status: 'open', showAll: true }, admin)).toBe(true);
    expect(belongsToList(colleagues, { ...all, status: 'open', showAll: true }, attendant)).toBe(false);
  });

  test('the closed tab also keeps a ticket waiting for its rating', () => {
    const rating = buildTicket({ status: 'nps', userId: 7 });

    expect(belongsToList(rating, { ...all, status: 'closed' }, attendant)).toBe(true);
    expect(belongsToList(rating, { ...all, status: 'open' }, attendant)).toBe(false);
  });

  test('a ticket belongs only to the tab of its status', () => {
    const mine = buildTicket({ status: 'open', userId: 7 });

    expect(belongsToList(mine, { ...all, status: 'open' }, attendant)).toBe(true);
    expect(belongsToList(mine, { ...all, status: 'pending' }, attendant)).toBe(false);
  });

  test('the queue multi-select keeps "Sem fila" (0) and the chosen queues only', () => {
    const withoutQueue = buildTicket({ queueId: null });
    const inSales = buildTicket({ queueId: 3 });

    expect(belongsToList(withoutQueue, { ...all, status: 'pending', queueIds: [0] }, attendant)).toBe(true);
    expect(belongsToList(inSales, { ...all, status: 'pending', queueIds: [0] }, attendant)).toBe(false);
    expect(belongsToList(inSales, { ...all, status: 'pending', queueIds: [0, 3] }, attendant)).toBe(true);
  });

  test('the search tab takes every status, or those of the status filter', () => {
    const closed = buildTicket({ status: 'closed', queueId: 3 });

    expect(belongsToList(closed, { ...all, status: undefined }, attendant)).toBe(true);
    expect(belongsToList(closed, { ...all, status: undefined, statusFilter: ['open'] }, attendant)).toBe(
      false,
    );
  });
});

describe('shouldAlert', () => {
  const offScreen = { uuid: undefined, visible: true };

  test('a customer message on my ticket alerts unless that ticket is on screen', () => {
    const ticket = buildTicket({ status: 'open', userId: 7 });

    expect(shouldAlert(buildMessage(), ticket, attendant, offScreen)).toBe(true);
    expect(shouldAlert(buildMessage(), ticket, attendant, { uuid: ticket.uuid, visible: true })).toBe(false);
    expect(shouldAlert(buildMessage(), ticket, attendant, { uuid: ticket.uuid, visible: false })).toBe(true);
  });

  test('my own replies never alert', () => {
    const ticket = buildTicket({ status: 'open', userId: 7 });

    expect(shouldAlert(buildMessage({ fromMe: true }), ticket, attendant, offScreen)).toBe(false);
  });

  test('a waiting ticket alerts admins and users who see every queue, not other attendants', () => {
    const waiting = buildTicket({ status: 'pending' });

    expect(shouldAlert(buildMessage(), waiting, admin, offScreen)).toBe(true);
    expect(shouldAlert(buildMessage(), waiting, { ...attendant, allTicket: 'enable' }, offScreen)).toBe(true);
    expect(shouldAlert(buildMessage(), waiting, attendant, offScreen)).toBe(false);
  });
});

describe('mayDeleteNote', () => {
  test('its author or an admin deletes a note; another attendant does not', () => {
    expect(mayDeleteNote(attendant, { user: { id: 7 } })).toBe(true);
    expect(mayDeleteNote(attendant, { user: { id: 8 } })).toBe(false);
    expect(mayDeleteNote(attendant, { user: null })).toBe(false);
    expect(mayDeleteNote(admin, { user: { id: 8 } })).toBe(true);
  });
});
