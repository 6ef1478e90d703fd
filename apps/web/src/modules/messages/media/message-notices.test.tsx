import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n';
import { SessionUserProvider } from '../../../shared/session/session-user';
import { buildMessage, buildSessionUser, buildTicket } from '../../../test/fixtures';
import { MessageList } from '../message-list';
import { addMessage } from '../messages.cache';

beforeAll(() => applyLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const shown: ReturnType<typeof buildMessage>[] = [];
beforeEach(() => {
  shown.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () =>
      Response.json({
        messages: shown,
        hasMore: false,
        nextCursor: null,
        newerCursor: null,
        ticket: buildTicket({ id: 3 }),
      }),
    ),
  );
});

function renderList(queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <SessionUserProvider user={buildSessionUser({ id: 7 })}>
        <MessageList ticketId={3} channel="whatsapp" />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

test('a file on its way shows a spinner with its caption, then the image once the update brings it', async () => {
  const pending = buildMessage({
    id: 1,
    ticketId: 3,
    body: 'foto',
    mediaType: 'image',
    mediaStatus: 'pending',
  });
  shown.push(pending);
  const queryClient = renderList();

  expect(await screen.findByText('Receiving file…')).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Receiving file…' })).toBeTruthy();
  expect(screen.getByText('foto')).toBeTruthy();
  expect(screen.queryByRole('img')).toBeNull();

  act(() =>
    addMessage(queryClient, {
      ...pending,
      mediaStatus: null,
      mediaUrl: '/media/company1/messages/1.jpg?sig=x',
    }),
  );

  await screen.findByRole('button', { name: /Open image/ });
  expect(screen.queryByText('Receiving file…')).toBeNull();
  expect(
    screen
      .getByRole('button', { name: /Open image/ })
      .querySelector('img')
      ?.getAttribute('src'),
  ).toBe('/media/company1/messages/1.jpg?sig=x');
});

test('a file given up says why; unsupported and system messages say what arrived', async () => {
  shown.push(
    buildMessage({
      id: 1,
      ticketId: 3,
      mediaType: 'audio',
      mediaStatus: 'unavailable',
      mediaError: 'ERR_MEDIA_EXPIRED',
    }),
    buildMessage({ id: 2, ticketId: 3, body: 'order', mediaType: 'unsupportedMessage' }),
    buildMessage({ id: 3, ticketId: 3, body: '', mediaType: 'unsupportedMessage' }),
    buildMessage({ id: 4, ticketId: 3, body: 'User A changed number', mediaType: 'systemMessage' }),
  );
  renderList();

  expect(await screen.findByText('File unavailable: The channel no longer has this file.')).toBeTruthy();
  expect(
    screen.getByText(
      'A message this app cannot show arrived (order). Ask the contact to send it another way.',
    ),
  ).toBeTruthy();
  expect(
    screen.getByText('A message this app cannot show arrived. Ask the contact to send it another way.'),
  ).toBeTruthy();
  expect(screen.queryByText('order')).toBeNull();
  expect(screen.getByText('WhatsApp notice')).toBeTruthy();
  expect(screen.getByText('User A changed number')).toBeTruthy();
});
