import '../../shared/i18n/i18n';
import type { SessionUser } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { Toaster } from '../../shared/toast/toaster';
import { buildSessionUser, buildTicket } from '../../test/fixtures';
import { TicketOptionsMenu } from './ticket-options.menu';

const ticket = buildTicket({ id: 12, status: 'open' });
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderMenu(user: SessionUser) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={user}>
        <MemoryRouter>
          <TicketOptionsMenu ticket={ticket} />
        </MemoryRouter>
        <Toaster />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
}

beforeEach(async () => {
  await applyLanguage('en');
  fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ticket options', () => {
  test('an attendant gets transfer, notes and history, not delete', () => {
    renderMenu(buildSessionUser({ profile: 'user' }));

    expect(screen.getByRole('menuitem', { name: 'Transfer' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Notes' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'History' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete ticket' })).toBeNull();
  });

  test('an admin deletes the ticket after confirming', async () => {
    renderMenu(buildSessionUser({ profile: 'admin' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete ticket' }));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/tickets/12');
    expect(init?.method).toBe('DELETE');
    expect(await screen.findByText('Ticket deleted.')).toBeTruthy();
  });
});
