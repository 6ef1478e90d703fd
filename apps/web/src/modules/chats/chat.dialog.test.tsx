import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildSessionUser } from '../../test/fixtures';
import { ChatDialog } from './chat.dialog';

beforeAll(() => applyLanguage('pt-BR'));

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([{ id: 2, name: 'Bruno Lima' }])),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('save stays off until a title and a user are chosen, and a cleared title says why', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionUserProvider user={buildSessionUser({})}>
        <ChatDialog chat={null} onClose={() => {}} />
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  const save = screen.getByRole('button', { name: 'Salvar' });
  const title = screen.getByLabelText(/Título/);
  expect(save).toHaveProperty('disabled', true);

  fireEvent.change(title, { target: { value: 'x' } });
  fireEvent.change(title, { target: { value: '' } });
  await screen.findByText('Por favor, preencha o título da conversa.');
  fireEvent.change(title, { target: { value: 'Escala' } });
  await waitFor(() => expect(screen.queryByText('Por favor, preencha o título da conversa.')).toBeNull());
  expect(save).toHaveProperty('disabled', true);

  fireEvent.mouseDown(screen.getByRole('combobox', { name: /Participantes/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Bruno Lima' }));

  await waitFor(() => expect(save).toHaveProperty('disabled', false));
});
