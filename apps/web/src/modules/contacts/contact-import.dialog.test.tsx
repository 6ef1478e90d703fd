import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { ContactImportDialog } from './contact-import.dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  await applyLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => json(413, { error: 'ERR_SPREADSHEET_TOO_LARGE', message: 'too large' })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pick = (name: string) =>
  fireEvent.change(screen.getByLabelText('Spreadsheet'), {
    target: { files: [new File(['PK'], name)] },
  });

test('a sheet the server refuses says why in the dialog until another file is picked', async () => {
  const onStarted = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactImportDialog onStarted={onStarted} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  expect(screen.getByText(/of up to 50,000 rows/)).toBeTruthy();

  pick('bomb.xlsx');
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(
    'The spreadsheet unpacks to more data than an import reads. Keep only the contacts sheet and send it again.',
  );
  pick('contatos.xlsx');
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(onStarted).not.toHaveBeenCalled();
});
