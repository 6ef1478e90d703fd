import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { clearSession, markSubscriptionExpired, startSession } from '../shared/session/session.store';
import { Toaster } from '../shared/toast/toaster';
import { buildSessionUser } from '../test/fixtures';
import {
  PrivateRoute,
  PublicRoute,
  RequireGate,
  RequireGateOrRefuse,
  RequireLocalFlag,
  RequirePlan,
} from './guards';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { element: <PublicRoute />, children: [{ path: '/login', element: <p>login page</p> }] },
      {
        element: <PrivateRoute />,
        children: [
          { path: '/', element: <p>home page</p> },
          { path: '/tickets', element: <p>tickets page</p> },
          { path: '/financeiro-aberto', element: <p>expired page</p> },
          {
            path: '/users',
            element: <RequireGate gate="users:manage" />,
            children: [{ index: true, element: <p>users page</p> }],
          },
          {
            path: '/campaigns',
            element: <RequireLocalFlag flag="cshow" />,
            children: [{ index: true, element: <p>campaigns page</p> }],
          },
          {
            path: '/announcements',
            element: <RequireGateOrRefuse gate="announcements:manage" />,
            children: [{ index: true, element: <p>announcements page</p> }],
          },
          {
            path: '/Kanban',
            element: <RequirePlan flag="useKanban" />,
            children: [{ index: true, element: <p>kanban page</p> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  clearSession();
});

describe('route guards', () => {
  test('a signed-out visitor is sent to /login', async () => {
    clearSession();

    renderAt('/tickets');

    expect(await screen.findByText('login page')).toBeTruthy();
  });

  test('a signed-in user on /login is sent to /', async () => {
    startSession({ token: 't', user: buildSessionUser() });

    renderAt('/login');

    expect(await screen.findByText('home page')).toBeTruthy();
  });

  test('a company past its due date only reaches /financeiro-aberto', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'admin' }, { dueDate: '2020-01-31' }) });

    renderAt('/users');

    expect(await screen.findByText('expired page')).toBeTruthy();
  });

  test('a server refusal for an expired subscription also leads to /financeiro-aberto', async () => {
    startSession({ token: 't', user: buildSessionUser() });
    markSubscriptionExpired();

    renderAt('/tickets');

    expect(await screen.findByText('expired page')).toBeTruthy();
  });

  test('an admin whose company requires two-step verification gets its enrolment (loaded on demand), not the page', async () => {
    startSession({
      token: 't',
      user: { ...buildSessionUser({ profile: 'admin' }), twoFactorRequired: true },
    });

    renderAt('/tickets');

    expect(
      await screen.findByText(/requires two-step verification for admins/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('tickets page')).toBeNull();
  });

  test('an attendant asking for /users is sent home', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'user' }) });

    renderAt('/users');

    expect(await screen.findByText('home page')).toBeTruthy();
  });

  test('an admin reaches /users', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'admin' }) });

    renderAt('/users');

    expect(await screen.findByText('users page')).toBeTruthy();
  });

  test('a plan page opened without the plan says so (001 §8), then goes home after a second', async () => {
    const user = buildSessionUser({ profile: 'admin' });
    startSession({
      token: 't',
      user: { ...user, company: { ...user.company, plan: { ...user.company.plan, useKanban: false } } },
    });

    renderAt('/Kanban');

    expect(
      await screen.findByText('This company is not allowed to access this page! Redirecting you.'),
    ).toBeTruthy();
    expect(screen.queryByText('home page')).toBeNull();
    expect(await screen.findByText('home page', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('kanban page')).toBeNull();
  });

  test('with the plan the page opens', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'user' }) });

    renderAt('/Kanban');

    expect(await screen.findByText('kanban page')).toBeTruthy();
  });

  test('a page behind the cshow flag opens only while the browser holds the flag (001 §2)', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'admin' }) });

    renderAt('/campaigns');
    expect(await screen.findByText('home page')).toBeTruthy();
    cleanup();
    localStorage.setItem('cshow', '');
    renderAt('/campaigns');

    expect(await screen.findByText('campaigns page')).toBeTruthy();
    localStorage.removeItem('cshow');
  });

  test("a company admin opening the super user's announcements is told so (001 §6), then goes home", async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'admin' }) });

    renderAt('/announcements');

    expect(
      await screen.findByText('This company is not allowed to access this page! Redirecting you.'),
    ).toBeTruthy();
    expect(await screen.findByText('home page', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('announcements page')).toBeNull();
  });

  test('the super user reaches the announcements', async () => {
    startSession({ token: 't', user: buildSessionUser({ profile: 'admin', super: true }) });

    renderAt('/announcements');

    expect(await screen.findByText('announcements page')).toBeTruthy();
  });
});
