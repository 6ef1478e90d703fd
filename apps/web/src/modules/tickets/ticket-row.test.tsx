import '../../shared/i18n/i18n';
import type { Ticket } from '@balcao/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildTicket } from '../../test/fixtures';
import { TicketRow } from './ticket-row';

const renderRow = (arrivedOffline: boolean, status: Ticket['status'] = 'pending') =>
  render(
    <TicketRow
      ticket={buildTicket({ arrivedOffline, channel: 'whatsapp', status })}
      position={{ index: 0, of: 1 }}
      selected={false}
      showAgent={false}
      accepting={false}
      onOpen={() => undefined}
      onAccept={() => undefined}
      onIgnore={() => undefined}
    />,
  );

beforeEach(() => applyLanguage('en'));
afterEach(cleanup);

test('a ticket back-filled after the WhatsApp session was down says it arrived while offline', () => {
  renderRow(true);

  expect(screen.getByText('Arrived while offline')).toBeTruthy();
});

test('other tickets carry no such mark', () => {
  renderRow(false);

  expect(screen.queryByText('Arrived while offline')).toBeNull();
});

test('a ticket waiting for its rating says so', () => {
  renderRow(false, 'nps');

  expect(screen.getByText('Awaiting rating')).toBeTruthy();
  cleanup();
  renderRow(false, 'closed');
  expect(screen.queryByText('Awaiting rating')).toBeNull();
});
