import '../../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildContact, buildSessionUser } from '../../test/fixtures';
import { OpenTicketDialog } from '../contacts/open-ticket.dialog';

const joana = buildContact();

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const contactSearches = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname.endsWith('/contacts'))
    .map((url) => url.searchParams.get('searchParam'));

beforeEach(async () => {
  await applyLanguage('en');
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.endsWith('/contacts'))
      return Response.json({ contacts: [joana], hasMore: false, count: 1 });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser()}>
        <MemoryRouter>
          <OpenTicketDialog onClose={() => undefined} />
        </MemoryRouter>
      </SessionUserProvider>
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (text: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: /Contact/ }), { target: { value: text } });

test('the contact search starts at three characters', async () => {
  type('jo');
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(contactSearches().filter(Boolean)).toEqual([]);

  type('joa');
  await screen.findByRole('option', { name: /Joana Prado/ });
  expect(contactSearches()).toContain('joa');
});

test('a typed name opens contact creation with that name', async () => {
  type('Joaquim Reis');
  fireEvent.click(await screen.findByRole('option', { name: 'Add contact “Joaquim Reis”' }));

  await screen.findByRole('dialog', { name: 'Add contact' });
  await waitFor(() =>
    expect((screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Joaquim Reis'),
  );
});
