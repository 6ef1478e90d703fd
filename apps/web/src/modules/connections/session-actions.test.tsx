import '../../shared/i18n/i18n';
import { EventEmitter } from 'node:events';
import { type Connection, events } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { SocketContext } from '../../shared/socket/socket';
import { Toaster } from '../../shared/toast/toaster';
import { buildConnection, buildSessionUser } from '../../test/fixtures';
import { SessionActions } from './session-actions';

const base = buildConnection({
  id: 7,
  name: 'Loja',
  channel: 'whatsapp',
  status: 'DISCONNECTED',
  isDefault: true,
  token: '',
});

let socket: EventEmitter;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderActions(status: Connection['status'], overrides: Partial<Connection> = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({ profile: 'admin' })}>
        <SocketContext.Provider value={socket as unknown as Socket}>
          <SessionActions connection={{ ...base, ...overrides, status }} />
        </SocketContext.Provider>
        <Toaster />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
}

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

beforeEach(async () => {
  await applyLanguage('en');
  socket = new EventEmitter();
  fetchMock = vi.fn<typeof fetch>(async (url) =>
    String(url).includes('/closedimported/')
      ? Response.json({ closed: 3 })
      : String(url).includes('/whatsappsession/')
        ? Response.json({ id: 7, status: 'OPENING', qrcode: '', pairingCode: '', retries: 0 })
        : new Response(null, { status: 204 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('each status offers the buttons of spec 000 §4', () => {
  const seen: Record<string, (string | null)[]> = {};
  for (const status of ['qrcode', 'DISCONNECTED', 'CONNECTED', 'TIMEOUT', 'OPENING'] as const) {
    renderActions(status);
    seen[status] = buttons();
    cleanup();
  }

  expect(seen).toEqual({
    qrcode: ['QR CODE', 'Disconnect'],
    DISCONNECTED: ['Try again', 'New QR CODE'],
    CONNECTED: ['Disconnect'],
    TIMEOUT: ['Disconnect'],
    OPENING: ['Connecting'],
  });
  renderActions('OPENING');
  expect((screen.getByRole('button', { name: 'Connecting' }) as HTMLButtonElement).disabled).toBe(true);
});

test('a new QR asks the server for a fresh session and opens the QR modal', async () => {
  renderActions('DISCONNECTED');

  fireEvent.click(screen.getByRole('button', { name: 'New QR CODE' }));

  await screen.findByRole('dialog');
  await waitFor(() =>
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/whatsappsession/7') && init?.method === 'PUT',
      ),
    ).toBe(true),
  );
});

test('a running import shows the disabled preparing button with its count, then the button that closes its tickets', async () => {
  renderActions('CONNECTED');

  act(() => {
    socket.emit(events.importMessages(1), { action: 'update', whatsappId: 7, status: { this: 3, all: 10 } });
  });
  const preparing = screen.getByRole('button', { name: 'Preparing… 3/10' }) as HTMLButtonElement;
  expect(preparing.disabled).toBe(true);
  act(() => {
    socket.emit(events.importMessages(1), { action: 'refresh', whatsappId: 7 });
  });
  fireEvent.click(screen.getByRole('button', { name: 'Close imported tickets' }));

  await screen.findByText('3 imported tickets closed.');
  expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/closedimported/7'))).toBe(true);
});

test('on page load, an import whose statusImportMessages is under 35 s old shows the disabled preparing button until it ages past 35 s', () => {
  vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00.000Z') });
  renderActions('CONNECTED', { statusImportMessages: '2026-03-10T11:59:40.000Z' });

  const preparing = screen.getByRole('button', { name: 'Preparing…' }) as HTMLButtonElement;
  expect(preparing.disabled).toBe(true);
  act(() => vi.advanceTimersByTime(14_000));
  expect(buttons()).toEqual(['Disconnect', 'Preparing…']);
  act(() => vi.advanceTimersByTime(1_500));
  expect(buttons()).toEqual(['Disconnect']);
});

test('a statusImportMessages already 35 s old on page load shows no preparing button', () => {
  vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00.000Z') });
  renderActions('CONNECTED', { statusImportMessages: '2026-03-10T11:59:25.000Z' });

  expect(buttons()).toEqual(['Disconnect']);
});

test("once the import says it finished, the connection's recent statusImportMessages no longer shows preparing", () => {
  vi.useFakeTimers({ now: new Date('2026-03-10T12:00:00.000Z') });
  renderActions('CONNECTED', { statusImportMessages: '2026-03-10T11:59:55.000Z' });

  act(() => {
    socket.emit(events.importMessages(1), { action: 'refresh', whatsappId: 7 });
  });

  expect(buttons()).toEqual(['Disconnect', 'Close imported tickets']);
});
