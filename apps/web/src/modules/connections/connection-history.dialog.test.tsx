import '../../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildConnection, buildSessionUser } from '../../test/fixtures';
import { ConnectionHistoryDialog } from './connection-history.dialog';

const connection = buildConnection({ id: 7, name: 'Loja', channel: 'whatsapp', status: 'CONNECTED' });
let answers: (() => Response)[];

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {/* A company in Tokyo: times are on its clock, whatever the browser's. */}
      <SessionUserProvider user={buildSessionUser({ profile: 'admin' }, { timezone: 'Asia/Tokyo' })}>
        <ConnectionHistoryDialog connection={connection} onClose={vi.fn()} />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
}

const event = (status: string, reason: string | null) => ({
  status,
  reason,
  createdAt: '2026-03-02T12:00:05.000Z',
});

beforeEach(async () => {
  await applyLanguage('pt-BR');
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (answers.shift() ?? (() => new Response(null, { status: 500 })))()),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('each change shows its time on the company’s clock, its status and its reason in words', async () => {
  answers.push(() =>
    Response.json({
      events: [event('DISCONNECTED', '440'), event('TIMEOUT', '999'), event('CONNECTED', null)],
      hasMore: false,
    }),
  );
  renderDialog();

  const rows = await screen.findAllByRole('row');
  const cells = rows.slice(1).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
  expect(cells).toEqual([
    ['02/03/2026 21:00:05', 'Desconectado', 'Substituída por outra sessão do mesmo número'],
    ['02/03/2026 21:00:05', 'Tempo esgotado', 'Código 999'],
    ['02/03/2026 21:00:05', 'Conectado', '—'],
  ]);
  expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
});

test('a history that cannot be read says so, and trying again shows it', async () => {
  answers.push(
    () => Response.json({ error: 'ERR_NO_WAPP_FOUND', message: 'x' }, { status: 404 }),
    () => Response.json({ events: [], hasMore: false }),
  );
  renderDialog();

  await screen.findByText('Nenhuma conexão encontrada com este ID.');
  fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));

  await screen.findByText('Nenhuma mudança de status registrada ainda.');
});
