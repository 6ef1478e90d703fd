import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PrivateRoute, PublicRoute, RequireGate } from './guards';
import { AppLayout } from './layout/app-layout';

/** Pages load on first visit, so the sign-in screen does not wait for every screen of the app. */
const page = (load: () => Promise<ComponentType>) => ({ lazy: async () => ({ Component: await load() }) });

/**
 * One row per page. A later issue adds its page here and its menu row in layout/menu-entries.ts.
 * `/` is the dashboard's address; until the dashboard exists it opens the inbox.
 */
export const router = createBrowserRouter([
  {
    element: <PublicRoute />,
    children: [
      { path: '/login', ...page(() => import('../modules/auth/login.page').then((m) => m.LoginPage)) },
      { path: '/signup', ...page(() => import('../modules/auth/signup.page').then((m) => m.SignupPage)) },
    ],
  },
  {
    element: <PrivateRoute />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/tickets" replace /> },
          {
            // One page for both: choosing a ticket keeps the list (its tab, search, scroll) in place.
            path: '/tickets',
            ...page(() => import('../modules/tickets/tickets.page').then((m) => m.TicketsPage)),
            children: [{ index: true }, { path: ':uuid' }],
          },
          {
            path: '/contacts',
            ...page(() => import('../modules/contacts/contacts.page').then((m) => m.ContactsPage)),
          },
          {
            path: '/users',
            element: <RequireGate gate="users:manage" />,
            children: [
              { index: true, ...page(() => import('../modules/users/users.page').then((m) => m.UsersPage)) },
            ],
          },
          {
            path: '/connections',
            element: <RequireGate gate="connections:view" />,
            children: [
              {
                index: true,
                ...page(() =>
                  import('../modules/connections/connections.page').then((m) => m.ConnectionsPage),
                ),
              },
            ],
          },
          {
            path: '/settings',
            element: <RequireGate gate="settings:manage" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/settings/settings.page').then((m) => m.SettingsPage)),
              },
            ],
          },
          {
            path: '/financeiro-aberto',
            ...page(() =>
              import('../modules/financeiro/subscription-expired.page').then(
                (m) => m.SubscriptionExpiredPage,
              ),
            ),
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
