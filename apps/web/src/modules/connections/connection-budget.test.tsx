import '../../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildConnection } from '../../test/fixtures';
import { ConnectionBudget } from './connection-budget';

const budget = {
  connectionId: 7,
  channel: 'whatsapp',
  minGapSeconds: 3,
  jitterSeconds: 4,
  dailyLimit: 1000,
  usedToday: 120,
  runningCampaigns: 2,
};

function renderBudget(answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => answer),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConnectionBudget connection={buildConnection({ id: 7, channel: 'whatsapp' })} />
    </QueryClientProvider>,
  );
}

beforeEach(() => applyLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("shows the connection's campaign sends today against its daily limit", async () => {
  renderBudget(Response.json(budget));

  expect(await screen.findByText('Campaign sends today: 120 of 1000')).toBeTruthy();
});

test('a connection without a daily limit shows the count alone', async () => {
  renderBudget(Response.json({ ...budget, channel: 'whatsappapi', dailyLimit: null, usedToday: 5 }));

  expect(await screen.findByText('Campaign sends today: 5')).toBeTruthy();
});

test('a budget that cannot be read says so where it would show', async () => {
  renderBudget(Response.json({ error: 'ERR_NO_WAPP_FOUND', message: 'x' }, { status: 404 }));

  expect(await screen.findByText('Send budget unavailable')).toBeTruthy();
});
