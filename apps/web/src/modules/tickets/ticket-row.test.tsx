import '../../shared/i18n/i18n';
import type { Ticket, TicketSearchMatch } from '@balcao/shared';
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

const rowOf = (ticket: Partial<Ticket>, match?: TicketSearchMatch) =>
  render(
    <TicketRow
      ticket={buildTicket({ status: 'closed', ...ticket })}
      match={match}
      position={{ index: 0, of: 1 }}
      selected={false}
      showAgent={false}
      accepting={false}
      onOpen={() => undefined}
      onAccept={() => undefined}
      onIgnore={() => undefined}
    />,
  );

test("the preview shows the message's words, not WhatsApp's marks", () => {
  rowOf({ lastMessage: '*Ana:*\n_pedido_ ~antigo~ saiu' });

  expect(screen.getByText(/pedido antigo saiu/).textContent).toBe('Ana:\npedido antigo saiu');
});

test("a search hit's row shows the matching text with the match marked, instead of the last message", () => {
  rowOf(
    { id: 4, lastMessage: 'obrigado' },
    { ticketId: 4, messageId: 9, snippet: '…o boleto venceu ontem', highlights: [{ start: 3, end: 9 }] },
  );

  expect(screen.queryByText('obrigado')).toBeNull();
  expect(screen.getByText('boleto').tagName).toBe('MARK');
  expect(screen.getByTitle('…o boleto venceu ontem')).toBeTruthy();
});
