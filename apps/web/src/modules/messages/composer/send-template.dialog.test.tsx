import type { MessageTemplate } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../../shared/i18n/i18n';
import { buildMessage } from '../../../test/fixtures';
import { SendTemplateDialog } from './send-template.dialog';

const templates: MessageTemplate[] = [
  {
    name: 'ticket_update',
    language: 'pt_BR',
    category: 'UTILITY',
    header: null,
    body: 'Olá {{1}}, seu chamado {{2}} foi atualizado.',
    footer: 'Loja X',
    variables: 2,
  },
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    category: 'MARKETING',
    header: 'Bem-vindo',
    body: 'Obrigado por falar com a gente!',
    footer: null,
    variables: 0,
  },
];

const posted = vi.fn();

beforeAll(() => applyLanguage('en'));

beforeEach(() => {
  posted.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/messages/3/templates')) return Response.json({ templates });
      posted(String(url), JSON.parse(String(init?.body)));
      return Response.json(buildMessage({ id: 9, ticketId: 3, fromMe: true }), { status: 201 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SendTemplateDialog ticketId={3} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

async function pick(label: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Template' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByText(label));
}

describe('SendTemplateDialog', () => {
  test('the picked template asks for each body variable, previews the text and sends the values in order', async () => {
    const onClose = renderDialog();
    await pick('ticket_update (pt_BR)');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Value 1' }), { target: { value: 'Maria' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Value 2' }), { target: { value: '#1234' } });
    expect(screen.getByTestId('template-preview').textContent).toBe(
      'Olá Maria, seu chamado #1234 foi atualizado.\n\nLoja X',
    );
    fireEvent.click(send);

    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith('/messages/3/template', {
        name: 'ticket_update',
        language: 'pt_BR',
        parameters: ['Maria', '#1234'],
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('a template without variables asks for nothing and can be sent at once', async () => {
    renderDialog();
    await pick('boas_vindas (pt_BR)');

    expect(screen.queryByRole('textbox', { name: /Value/ })).toBeNull();
    expect(screen.getByTestId('template-preview').textContent).toBe(
      'Bem-vindo\n\nObrigado por falar com a gente!',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith('/messages/3/template', {
        name: 'boas_vindas',
        language: 'pt_BR',
        parameters: [],
      }),
    );
  });
});
