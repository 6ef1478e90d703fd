import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../modules/auth/login.page';
import { SignupPage } from '../modules/auth/signup.page';
import { SubscriptionExpiredPage } from '../modules/financeiro/subscription-expired.page';
import { TicketsPage } from '../modules/tickets/tickets.page';
import { UsersPage } from '../modules/users/users.page';
import { PrivateRoute, PublicRoute, RequireGate } from './guards';
import { AppLayout } from './layout/app-layout';

/**
 * One row per page. A later issue adds its page here and its menu row in layout/menu-entries.ts.
 * `/` is the dashboard's address; until the dashboard exists it opens the inbox.
 */
export const router = createBrowserRouter([
  {
    element: <PublicRoute />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
  },
  {
    element: <PrivateRoute />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/tickets" replace /> },
          { path: '/tickets', element: <TicketsPage /> },
          {
            path: '/users',
            element: (
              <RequireGate gate="users:manage">
                <UsersPage />
              </RequireGate>
            ),
          },
          { path: '/financeiro-aberto', element: <SubscriptionExpiredPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
