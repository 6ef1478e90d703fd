import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  FullPageSpinner,
  PrivateRoute,
  PublicRoute,
  RequireExpired,
  RequireGate,
  RequirePlan,
} from './guards';
import { NotFoundPage } from './not-found.page';
import { PageTitle } from './page-title';

/**
 * Pages and the signed-in frame load on first visit, so the sign-in screen does not wait for the
 * menu, the socket or any screen of the app.
 */
const page = (load: () => Promise<ComponentType>) => ({ lazy: async () => ({ Component: await load() }) });

/** `handle.title` names the page in the browser tab: a key of the locales. */
const titled = (title: string) => ({ handle: { title } });

/**
 * One row per page. A later issue adds its page here and its menu row in layout/menu-entries.ts.
 * `/` is the dashboard's address; until the dashboard exists it opens the inbox.
 */
export const routes: RouteObject[] = [
  {
    Component: PageTitle,
    // Shown while the first page's code loads; without it React Router warns on every cold start.
    HydrateFallback: FullPageSpinner,
    children: [
      {
        element: <PublicRoute />,
        children: [
          {
            path: '/login',
            ...titled('auth.login.title'),
            ...page(() => import('../modules/auth/login.page').then((m) => m.LoginPage)),
          },
          {
            path: '/signup',
            ...titled('auth.signup.title'),
            ...page(() => import('../modules/auth/signup.page').then((m) => m.SignupPage)),
          },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            ...page(() => import('./layout/app-layout').then((m) => m.AppLayout)),
            children: [
              { index: true, element: <Navigate to="/tickets" replace /> },
              {
                // One page for both: choosing a ticket keeps the list (its tab, search, scroll) in place.
                path: '/tickets',
                ...titled('app.menu.tickets'),
                ...page(() => import('../modules/tickets/tickets.page').then((m) => m.TicketsPage)),
                children: [
                  { index: true, element: null },
                  { path: ':uuid', element: null },
                ],
              },
              {
                path: '/quick-messages',
                ...titled('app.menu.quickMessages'),
                ...page(() =>
                  import('../modules/quick-messages/quick-messages.page').then((m) => m.QuickMessagesPage),
                ),
              },
              {
                path: '/contacts',
                ...titled('app.menu.contacts'),
                ...page(() => import('../modules/contacts/contacts.page').then((m) => m.ContactsPage)),
              },
              {
                path: '/tags',
                ...titled('app.menu.tags'),
                ...page(() => import('../modules/tags/tags.page').then((m) => m.TagsPage)),
              },
              {
                path: '/schedules',
                ...titled('app.menu.schedules'),
                element: <RequirePlan flag="useSchedules" />,
                children: [
                  {
                    index: true,
                    ...page(() => import('../modules/schedules/schedules.page').then((m) => m.SchedulesPage)),
                  },
                ],
              },
              {
                path: '/users',
                ...titled('app.menu.users'),
                element: <RequireGate gate="users:manage" />,
                children: [
                  {
                    index: true,
                    ...page(() => import('../modules/users/users.page').then((m) => m.UsersPage)),
                  },
                ],
              },
              {
                path: '/queues',
                ...titled('app.menu.queues'),
                element: <RequireGate gate="queues:manage" />,
                children: [
                  {
                    index: true,
                    ...page(() => import('../modules/queues/queues.page').then((m) => m.QueuesPage)),
                  },
                ],
              },
              {
                path: '/queue-integration',
                ...titled('app.menu.queueIntegration'),
                element: <RequireGate gate="integrations:manage" />,
                children: [
                  {
                    element: <RequirePlan flag="useIntegrations" />,
                    children: [
                      {
                        index: true,
                        ...page(() =>
                          import('../modules/integrations/integrations.page').then((m) => m.IntegrationsPage),
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                path: '/files',
                ...titled('app.menu.files'),
                element: <RequireGate gate="integrations:manage" />,
                children: [
                  {
                    index: true,
                    ...page(() => import('../modules/files/files.page').then((m) => m.FilesPage)),
                  },
                ],
              },
              {
                path: '/prompts',
                ...titled('app.menu.prompts'),
                element: <RequireGate gate="integrations:manage" />,
                children: [
                  {
                    element: <RequirePlan flag="useOpenAi" />,
                    children: [
                      {
                        index: true,
                        ...page(() => import('../modules/prompts/prompts.page').then((m) => m.PromptsPage)),
                      },
                    ],
                  },
                ],
              },
              {
                path: '/connections',
                ...titled('app.menu.connections'),
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
                ...titled('app.menu.settings'),
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
                ...titled('financeiro.expired.title'),
                element: <RequireExpired />,
                children: [
                  {
                    index: true,
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
        ],
      },
      { path: '*', ...titled('app.notFound.title'), element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
