import '../../shared/i18n/i18n';
import { EventEmitter } from 'node:events';
import { addDays, addMonths, events, zonedParts } from '@balcao/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { formatDate } from '../../shared/format';
import { applyLanguage } from '../../shared/i18n/i18n';
import { useSessionRealtime } from '../../shared/session/session.realtime';
import { clearSession, resumeSession, useSession } from '../../shared/session/session.store';
import { SessionUserProvider } from '../../shared/session/session-user';
import { SocketContext } from '../../shared/socket/socket';
import { buildSessionUser } from '../../test/fixtures';
import { DueDateLine } from './due-date-line';

const today = zonedParts(new Date(), 'America/Sao_Paulo').date;
let socket: EventEmitter;

/** What the private-route guard does: the signed-in user from the session store, kept live. */
function Live() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <SessionUserProvider user={user}>
      <Realtime />
      <DueDateLine />
    </SessionUserProvider>
  );
}
function Realtime() {
  useSessionRealtime();
  return null;
}

beforeEach(async () => {
  await applyLanguage('en');
  socket = new EventEmitter();
});
afterEach(() => {
  cleanup();
  clearSession();
});

test('three days before the due date the line warns; the renewal event puts the new date in its place', () => {
  const me = buildSessionUser({ profile: 'admin', companyId: 4 }, { id: 4, dueDate: addDays(today, 3) });
  resumeSession(me);
  render(
    <SocketContext.Provider value={socket as unknown as Socket}>
      <Live />
    </SocketContext.Provider>,
  );
  expect(screen.getByTestId('top-bar-due-date').textContent).toBe(
    `Subscription ends in 3 days (${formatDate(addDays(today, 3))})`,
  );

  const renewed = addMonths(addDays(today, 3), 1);
  act(() => {
    socket.emit(events.company(4), {
      action: 'update',
      company: { id: 4, name: 'Loja', dueDate: renewed, status: true, plan: me.company.plan },
    });
  });

  expect(screen.getByTestId('top-bar-due-date').textContent).toBe(
    `Subscription active until ${formatDate(renewed)}`,
  );
});

test("another company's event changes nothing", () => {
  const me = buildSessionUser({ profile: 'admin', companyId: 4 }, { id: 4, dueDate: addDays(today, 30) });
  resumeSession(me);
  render(
    <SocketContext.Provider value={socket as unknown as Socket}>
      <Live />
    </SocketContext.Provider>,
  );

  act(() => {
    socket.emit(events.company(4), {
      action: 'update',
      company: { id: 5, name: 'Outra', dueDate: today, status: true, plan: me.company.plan },
    });
  });

  expect(screen.getByTestId('top-bar-due-date').textContent).toBe(
    `Subscription active until ${formatDate(addDays(today, 30))}`,
  );
});
