import '../../shared/i18n/i18n';
import type { Channel, Message } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildMessage, buildSessionUser } from '../../test/fixtures';
import { MessageMenu } from './message-menu';

const me = buildSessionUser();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function openMenu(message: Message, channel: Channel = 'whatsapp') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={me}>
        <MessageMenu message={message} channel={channel} />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Message options' }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

beforeEach(() => applyLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('the sender may edit and delete within 15 minutes; afterwards only delete', () => {
  expect(openMenu(buildMessage({ fromMe: true, userId: me.id, updatedAt: minutesAgo(14) }))).toEqual([
    'Reply',
    'Forward',
    'Edit',
    'Delete',
  ]);
  cleanup();
  expect(openMenu(buildMessage({ fromMe: true, userId: me.id, updatedAt: minutesAgo(16) }))).toEqual([
    'Reply',
    'Forward',
    'Delete',
  ]);
});

test('on Messenger the sender is offered neither edit nor delete of a sent message', () => {
  expect(
    openMenu(buildMessage({ fromMe: true, userId: me.id, updatedAt: minutesAgo(1) }), 'facebook'),
  ).toEqual(['Reply', 'Forward']);
});

test('a signed message is edited without its signature, which the server puts back', async () => {
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json(buildMessage({ id: 6 })));
  vi.stubGlobal('fetch', fetchMock);
  openMenu(
    buildMessage({
      id: 6,
      fromMe: true,
      userId: me.id,
      updatedAt: minutesAgo(1),
      body: '*Ana:*\nOi, tudo bem?',
    }),
  );

  fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
  const box = screen.getByRole('textbox', { name: 'Edit message' }) as HTMLTextAreaElement;
  expect(box.value).toBe('Oi, tudo bem?');
  fireEvent.change(box, { target: { value: 'Oi, tudo certo?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ body: 'Oi, tudo certo?' });
});

test("another's message offers only reply and forward", () => {
  expect(openMenu(buildMessage({ fromMe: true, userId: me.id + 1, updatedAt: minutesAgo(1) }))).toEqual([
    'Reply',
    'Forward',
  ]);
});

test('delete asks first, then marks the message deleted', async () => {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json(buildMessage({ id: 5, fromMe: true, userId: me.id, isDeleted: true })),
  );
  vi.stubGlobal('fetch', fetchMock);
  openMenu(buildMessage({ id: 5, fromMe: true, userId: me.id, updatedAt: minutesAgo(1) }));

  fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
  expect(fetchMock).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

  await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(String(url)).toContain('/messages/5');
  expect(init?.method).toBe('DELETE');
});
