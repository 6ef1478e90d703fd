import '../../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildMessage } from '../../test/fixtures';
import { RetryingNotice } from './retrying-notice';

beforeEach(() => applyLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (sendState: 'retrying' | 'sending') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RetryingNotice message={buildMessage({ id: 9, fromMe: true, sendState })} />
    </QueryClientProvider>,
  );

test('a reply being retried says so and can be cancelled on the server', async () => {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json(buildMessage({ id: 9, fromMe: true, ack: -1, sendState: 'cancelled' })),
  );
  vi.stubGlobal('fetch', fetchMock);
  show('retrying');

  expect(screen.getByRole('status').textContent).toBe('Sending, retrying');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
  expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/messages\/9\/cancel$/);
  expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
});

test('a reply simply on its way shows no retry notice and nothing to cancel', () => {
  show('sending');
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
});
