import '../../shared/i18n/i18n';
import { EventEmitter } from 'node:events';
import { events, type Help } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { SocketContext } from '../../shared/socket/socket';
import { buildSessionUser } from '../../test/fixtures';
import { HelpsPage } from './helps.page';

const first: Help = { id: 1, title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: '' };
const second: Help = { id: 2, title: 'Abrindo tickets', video: 'dQw4w9WgXcQ', description: '' };
let stored: Help[];
let socket: EventEmitter;

beforeEach(async () => {
  await applyLanguage('en');
  socket = new EventEmitter();
  stored = [first];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ records: stored, hasMore: false, count: stored.length }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (help: Help) => screen.queryByRole('button', { name: new RegExp(help.title) });

test('a video the super user adds appears on an open helps page, and one deleted leaves it, without a reload', async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SocketContext.Provider value={socket as unknown as Socket}>
        <SessionUserProvider user={buildSessionUser({ profile: 'user' })}>
          <HelpsPage />
        </SessionUserProvider>
      </SocketContext.Provider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(card(first)).not.toBeNull());

  act(() => {
    socket.emit(events.help(), { action: 'create', record: second });
  });
  await waitFor(() => expect(card(second)).not.toBeNull());

  act(() => {
    socket.emit(events.help(), { action: 'delete', id: first.id });
  });
  await waitFor(() => expect(card(first)).toBeNull());
  expect(card(second)).not.toBeNull();
  expect(fetch).toHaveBeenCalledTimes(1);
});
