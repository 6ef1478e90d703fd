import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { Toaster } from '../../shared/toast/toaster';
import { IntegrationDialog } from './integration.dialog';

const sent: unknown[] = [];
const onClose = vi.fn();

beforeAll(() => applyLanguage('en'));

beforeEach(() => {
  sent.length = 0;
  onClose.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return Response.json(
        { error: 'ERR_PRIVATE_ADDRESS', message: 'private', fields: { urlN8N: 'privateAddress' } },
        { status: 400 },
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('a URL the server refuses as its own network is explained under the URL field, and the dialog stays open', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntegrationDialog integration={null} onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog');
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Type/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Webhook' }));
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Interno' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), {
    target: { value: 'http://127.0.0.1:5678/webhook' },
  });

  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  const url = within(dialog).getByRole('textbox', { name: /URL/ });
  expect(
    await within(dialog).findByText("This address leads into the server's own network: use a public address"),
  ).toBeTruthy();
  expect(url.getAttribute('aria-invalid')).toBe('true');
  expect(sent).toEqual([
    expect.objectContaining({ type: 'webhook', urlN8N: 'http://127.0.0.1:5678/webhook' }),
  ]);
  expect(onClose).not.toHaveBeenCalled();
});
