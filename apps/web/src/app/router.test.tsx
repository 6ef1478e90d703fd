import '../shared/i18n/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Outlet, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../shared/i18n/i18n';
import { clearSession, startSession } from '../shared/session/session.store';
import { buildSessionUser } from '../test/fixtures';
import { AppRoutes } from './router';

// The signed-in frame and the inbox open a socket; these tests are about which page answers.
vi.mock('./layout/app-layout', () => ({ AppLayout: () => <Outlet /> }));
vi.mock('../modules/tickets/tickets.page', () => ({ TicketsPage: () => <p>tickets page</p> }));
vi.mock('../modules/dashboard/dashboard.page', () => ({ DashboardPage: () => <p>dashboard page</p> }));
vi.mock('../modules/dashboard/moments.page', () => ({ MomentsPage: () => <p>moments page</p> }));

function CurrentAddress() {
  return <p>at {useLocation().pathname}</p>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentAddress />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => applyLanguage('en'));

afterEach(() => {
  cleanup();
  clearSession();
});

describe('the route table', () => {
  test('an unknown address shows a translated "page not found" with a way home', async () => {
    await applyLanguage('pt-BR');

    renderAt('/nao-existe');

    expect(await screen.findByText('Página não encontrada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Página não encontrada — Balcão');
  });

  test('the sign-in page names itself in the browser tab', async () => {
    renderAt('/login');

    await waitFor(() => expect(document.title).toBe('Sign in — Balcão'));
  });

  test('a company whose plan is active is sent home from the billing landing', async () => {
    startSession({ token: 't', user: buildSessionUser({}, { dueDate: '2999-12-31' }) });

    renderAt('/financeiro-aberto');

    expect(await screen.findByText('tickets page')).toBeTruthy();
    expect(screen.getByText('at /tickets')).toBeTruthy();
  });

  test('a company past its due date reaches the billing landing', async () => {
    startSession({ token: 't', user: buildSessionUser({}, { dueDate: '2020-01-31' }) });

    renderAt('/financeiro-aberto');

    expect(await screen.findByText('Subscription expired')).toBeTruthy();
  });

  test('home is the dashboard for admins and showDashboard users', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'user', showDashboard: 'enabled' }) });

    renderAt('/');

    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(screen.getByText('at /')).toBeTruthy();
  });

  test('home is the inbox for everyone else, and Tempo Real needs allowRealTime', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'user', showDashboard: 'disabled' }) });

    renderAt('/moments');

    expect(await screen.findByText('tickets page')).toBeTruthy();
    expect(screen.getByText('at /tickets')).toBeTruthy();
  });

  test('an allowRealTime user reaches Tempo Real', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'user', allowRealTime: 'enabled' }) });

    renderAt('/moments');

    expect(await screen.findByText('moments page')).toBeTruthy();
  });
});
