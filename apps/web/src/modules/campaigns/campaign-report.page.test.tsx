import '../../shared/i18n/i18n';
import { EventEmitter } from 'node:events';
import { type CampaignReport, events } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { buildSessionUser } from '../../test/fixtures';
import { liveWrapper } from '../../test/live-wrapper';
import { buildCampaign } from './campaign.fixture';
import { CampaignReportPage } from './campaign-report.page';

const user = buildSessionUser({ profile: 'admin' });
let socket: EventEmitter;

function report(overrides: Partial<CampaignReport> = {}): CampaignReport {
  return {
    campaign: buildCampaign({ status: 'EM_ANDAMENTO', confirmation: true }),
    validContacts: 40,
    confirmationRequested: 12,
    confirmationReceived: 7,
    delivered: 10,
    failed: 1,
    declined: 2,
    expired: 0,
    expectedFinishAt: null,
    ...overrides,
  };
}

function renderPage(answer: CampaignReport) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url) =>
      new URL(String(url), 'http://x').pathname === '/campaigns/7/report'
        ? Response.json(answer)
        : new Response(null, { status: 404 }),
    ),
  );
  const router = createMemoryRouter(
    [{ path: '/campaign/:campaignId/report', element: <CampaignReportPage /> }],
    {
      initialEntries: ['/campaign/7/report'],
    },
  );
  const Wrapper = liveWrapper(new QueryClient(), user, socket);
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
}

const card = (name: string) => screen.findByRole('region', { name });

beforeEach(async () => {
  await applyLanguage('en');
  socket = new EventEmitter();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('the report shows the progress over valid contacts and the confirmation cards of a confirmation campaign', async () => {
  renderPage(report());

  expect(await screen.findByText('10 of 40 delivered (25%)')).toBeTruthy();
  expect((await card('Confirmations requested')).textContent).toContain('12');
  expect((await card('Confirmations received')).textContent).toContain('7');
  expect((await card('Failed or declined')).textContent).toContain('3');
  expect((await card('Connection')).textContent).toContain('Loja, Site');
  expect((await card('Expected finish')).textContent).toContain('Nothing pending');
});

test('without confirmation there are no confirmation cards', async () => {
  renderPage(report({ campaign: buildCampaign({ status: 'FINALIZADA', confirmation: false }) }));

  await card('Delivered');
  expect(screen.queryByRole('region', { name: 'Confirmations requested' })).toBeNull();
});

test("the campaign's progress event moves the bar without asking the server again", async () => {
  renderPage(report());
  await screen.findByText('10 of 40 delivered (25%)');

  act(() => {
    socket.emit(events.campaign(user.companyId), { action: 'progress', report: report({ delivered: 30 }) });
  });

  expect(await screen.findByText('30 of 40 delivered (75%)')).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Campaign progress' }).getAttribute('aria-valuenow')).toBe(
    '75',
  );
});
