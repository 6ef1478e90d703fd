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
    parameterFormat: 'POSITIONAL',
    header: null,
    body: 'Olá {{1}}, seu chamado {{2}} foi atualizado.',
    footer: 'Loja X',
    variables: ['1', '2'],
    buttons: [],
  },
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    category: 'MARKETING',
    parameterFormat: 'POSITIONAL',
    header: { format: 'TEXT', text: 'Bem-vindo', variable: null },
    body: 'Obrigado por falar com a gente!',
    footer: null,
    variables: [],
    buttons: [],
  },
  {
    name: 'pedido_pronto',
    language: 'pt_BR',
    category: 'UTILITY',
    parameterFormat: 'NAMED',
    header: { format: 'TEXT', text: 'Pedido {{order_id}}', variable: 'order_id' },
    body: 'Olá {{first_name}}, seu pedido {{order_id}} está pronto.',
    footer: null,
    variables: ['first_name', 'order_id'],
    buttons: [{ index: 0, text: 'Track', url: 'https://loja.example/pedidos/{{1}}' }],
  },
  {
    name: 'promo_imagem',
    language: 'pt_BR',
    category: 'MARKETING',
    parameterFormat: 'POSITIONAL',
    header: { format: 'IMAGE', text: null, variable: null },
    body: 'Promoção da semana',
    footer: null,
    variables: [],
    buttons: [],
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

/** ticket_update went out with Maria's values and the dialog closed. */
async function sentMariaTicketUpdate(onClose: () => void) {
  await waitFor(() =>
    expect(posted).toHaveBeenCalledWith('/messages/3/template', {
      name: 'ticket_update',
      language: 'pt_BR',
      parameters: ['Maria', '#1234'],
      buttons: [],
    }),
  );
  await waitFor(() => expect(onClose).toHaveBeenCalled());
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

    await sentMariaTicketUpdate(onClose);
  });

  test('the preview keeps the variables not typed yet in place', async () => {
    renderDialog();
    await pick('ticket_update (pt_BR)');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value 1' }), { target: { value: 'Maria' } });

    expect(screen.getByTestId('template-preview').textContent).toBe(
      'Olá Maria, seu chamado {{2}} foi atualizado.\n\nLoja X',
    );
  });

  test('Enter in a value sends once every value is given, as in the other dialogs', async () => {
    const onClose = renderDialog();
    await pick('ticket_update (pt_BR)');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value 1' }), { target: { value: 'Maria' } });
    const last = screen.getByRole('textbox', { name: 'Value 2' });
    fireEvent.submit(last);
    expect(posted).not.toHaveBeenCalled();
    fireEvent.change(last, { target: { value: '#1234' } });
    fireEvent.submit(last);

    await sentMariaTicketUpdate(onClose);
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
        buttons: [],
      }),
    );
  });

  test('a NAMED template asks for its header, each variable by name and its link end, and sends them', async () => {
    renderDialog();
    await pick('pedido_pronto (pt_BR)');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    const type = (name: string | RegExp, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

    type('Header value', 'A-77');
    type('Value of “first_name”', 'Maria');
    type('Value of “order_id”', 'A-77');
    expect(send.disabled).toBe(true);
    type(/End of the “Track” link/, 'a77');
    for (const field of screen.getAllByRole('textbox')) expect(field).toHaveProperty('required', true);
    expect(screen.getByTestId('template-preview').textContent).toBe(
      'Pedido A-77\n\nOlá Maria, seu pedido A-77 está pronto.',
    );
    fireEvent.click(send);

    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith('/messages/3/template', {
        name: 'pedido_pronto',
        language: 'pt_BR',
        header: 'A-77',
        parameters: ['Maria', 'A-77'],
        buttons: ['a77'],
      }),
    );
  });

  test('a media header takes an https link or a media id, and says so when given something else', async () => {
    renderDialog();
    await pick('promo_imagem (pt_BR)');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    const field = screen.getByRole('textbox', { name: 'Header image (https link or media id)' });

    fireEvent.change(field, { target: { value: 'http://cdn.example/promo.png' } });
    expect(screen.getByText('Give an https:// link or the id of media uploaded to Meta.')).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'https://cdn.example/promo.png' } });
    expect(screen.queryByText('Give an https:// link or the id of media uploaded to Meta.')).toBeNull();
    fireEvent.click(send);

    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith('/messages/3/template', {
        name: 'promo_imagem',
        language: 'pt_BR',
        header: 'https://cdn.example/promo.png',
        parameters: [],
        buttons: [],
      }),
    );
  });
});
