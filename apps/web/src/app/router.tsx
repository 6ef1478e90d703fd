import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { CAMPAIGNS_FLAG } from '../modules/campaigns/campaigns.flag';
import { firstScreenCode } from './first-screen-code';
import {
  FullPageSpinner,
  HomeRoute,
  PrivateRoute,
  PublicRoute,
  RequireExpired,
  RequireGate,
  RequireGateOrRefuse,
  RequireLocalFlag,
  RequirePlan,
} from './guards';
import { NotFoundPage } from './not-found.page';
import { PageErrorBoundary } from './page-error-boundary';
import { usePageTitle } from './page-title';

interface RouteHandle {
  /** Names the page in the browser tab: a key of the locales. */
  title?: string;
  /** Fetches the route's code: the first address fetches its frame and its page at once. */
  load?: () => Promise<unknown>;
}

/**
 * Pages and the signed-in frame load on first visit, so the sign-in screen does not wait for the
 * menu, the socket or any screen of the app.
 */
const page = (
  load: () => Promise<ComponentType>,
  title?: string,
): { element: ReactElement; handle: RouteHandle } => {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return { element: <Page />, handle: { title, load } };
};

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** Spec 001 §2 and §6: a campaign page is an admin's, needs the cshow flag, then the plan's campaigns. */
const campaignPage = (path: string, title: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  ...titled(title),
  element: <RequireGate gate="campaigns:manage" />,
  children: [
    {
      element: <RequireLocalFlag flag={CAMPAIGNS_FLAG} />,
      children: [
        { element: <RequirePlan flag="useCampaigns" />, children: [{ index: true, ...page(load) }] },
      ],
    },
  ],
});

/**
 * One row per page. A later issue adds its page here and its menu row in layout/menu-entries.ts.
 * `/` is the dashboard for who may see it and the inbox for everyone else.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicRoute />,
    children: [
      {
        path: '/login',
        ...page(() => firstScreenCode.login().then((m) => m.LoginPage), 'auth.login.title'),
      },
      {
        path: '/signup',
        ...page(() => import('../modules/auth/signup.page').then((m) => m.SignupPage), 'auth.signup.title'),
      },
      {
        path: '/recovery-password',
        ...page(
          () => import('../modules/auth/recovery.page').then((m) => m.RecoveryPasswordPage),
          'auth.recovery.title',
        ),
      },
    ],
  },
  {
    element: <PrivateRoute />,
    children: [
      {
        ...page(() => firstScreenCode.frame().then((m) => m.AppLayout)),
        children: [
          {
            index: true,
            ...titled('app.menu.dashboard'),
            element: (
              <HomeRoute
                dashboard={
                  page(() => import('../modules/dashboard/dashboard.page').then((m) => m.DashboardPage))
                    .element
                }
              />
            ),
          },
          {
            path: '/moments',
            ...titled('app.menu.moments'),
            element: <RequireGate gate="moments:view" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/dashboard/moments.page').then((m) => m.MomentsPage)),
              },
            ],
          },
          {
            // One page for both: choosing a ticket keeps the list (its tab, search, scroll) in place.
            path: '/tickets',
            ...page(() => firstScreenCode.tickets().then((m) => m.TicketsPage), 'app.menu.tickets'),
            children: [
              { index: true, element: null },
              { path: ':uuid', element: null },
            ],
          },
          {
            path: '/reports',
            ...titled('app.menu.reports'),
            element: <RequireGate gate="dashboard:view" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/reports/reports.page').then((m) => m.ReportsPage)),
              },
            ],
          },
          {
            path: '/quick-messages',
            ...page(
              () => import('../modules/quick-messages/quick-messages.page').then((m) => m.QuickMessagesPage),
              'app.menu.quickMessages',
            ),
          },
          {
            path: '/contacts',
            ...page(() => firstScreenCode.contacts().then((m) => m.ContactsPage), 'app.menu.contacts'),
          },
          {
            path: '/tags',
            ...page(() => import('../modules/tags/tags.page').then((m) => m.TagsPage), 'app.menu.tags'),
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
            // One page for both: opening a chat keeps the list (its search and scroll) in place.
            path: '/chats',
            ...titled('app.menu.internalChat'),
            element: <RequirePlan flag="useInternalChat" />,
            children: [
              {
                ...page(() => import('../modules/chats/chats.page').then((m) => m.ChatsPage)),
                children: [
                  { index: true, element: null },
                  { path: ':uuid', element: null },
                ],
              },
            ],
          },
          {
            path: '/Kanban',
            ...titled('app.menu.kanban'),
            element: <RequirePlan flag="useKanban" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/kanban/kanban.page').then((m) => m.KanbanPage)),
              },
            ],
          },
          {
            path: '/TagsKanban',
            ...titled('kanban.tags.title'),
            element: <RequirePlan flag="useKanban" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/kanban/tags-kanban.page').then((m) => m.TagsKanbanPage)),
              },
            ],
          },
          {
            path: '/todolist',
            ...page(() => import('../modules/todo/todo.page').then((m) => m.TodoPage), 'app.menu.todolist'),
          },
          {
            path: '/plantao',
            ...titled('app.menu.plantao'),
            element: <RequireGate gate="plantao:manage" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/plantao/plantao.page').then((m) => m.PlantaoPage)),
              },
            ],
          },
          {
            path: '/messages-api',
            ...titled('app.menu.messagesApi'),
            element: <RequireGate gate="messages-api:view" />,
            children: [
              {
                element: <RequirePlan flag="useExternalApi" />,
                children: [
                  {
                    index: true,
                    ...page(() =>
                      import('../modules/external-api/external-api.page').then((m) => m.ExternalApiPage),
                    ),
                  },
                ],
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
          campaignPage('/campaigns', 'app.menu.campaigns', () =>
            import('../modules/campaigns/campaigns.page').then((m) => m.CampaignsPage),
          ),
          campaignPage('/campaign/:campaignId/report', 'app.menu.campaigns', () =>
            import('../modules/campaigns/campaign-report.page').then((m) => m.CampaignReportPage),
          ),
          campaignPage('/campaigns-config', 'app.menu.campaignsConfig', () =>
            import('../modules/campaigns/campaigns-config.page').then((m) => m.CampaignsConfigPage),
          ),
          campaignPage('/contact-lists', 'app.menu.contactLists', () =>
            import('../modules/contact-lists/contact-lists.page').then((m) => m.ContactListsPage),
          ),
          campaignPage('/contact-lists/:contactListId/contacts', 'app.menu.contactLists', () =>
            import('../modules/contact-lists/contact-list-items.page').then((m) => m.ContactListItemsPage),
          ),
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
            path: '/audit-log',
            ...titled('app.menu.auditLog'),
            element: <RequireGate gate="audit:view" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/audit/audit.page').then((m) => m.AuditPage)),
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
            path: '/financeiro',
            ...titled('app.menu.financeiro'),
            element: <RequireGate gate="financeiro:view" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/financeiro/financeiro.page').then((m) => m.FinanceiroPage)),
              },
            ],
          },
          {
            path: '/helps',
            ...page(() => import('../modules/helps/helps.page').then((m) => m.HelpsPage), 'app.menu.helps'),
          },
          {
            path: '/announcements',
            ...titled('app.menu.announcements'),
            element: <RequireGateOrRefuse gate="announcements:manage" />,
            children: [
              {
                index: true,
                ...page(() =>
                  import('../modules/announcements/announcements.page').then((m) => m.AnnouncementsPage),
                ),
              },
            ],
          },
          {
            path: '/companies',
            ...titled('app.menu.companies'),
            element: <RequireGateOrRefuse gate="companies:manage" />,
            children: [
              {
                index: true,
                ...page(() => import('../modules/companies/companies.page').then((m) => m.CompaniesPage)),
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
];

function handleOf(route: RouteObject): RouteHandle | undefined {
  return route.handle as RouteHandle | undefined;
}

/** Starts fetching the code of every route at an address, so a page does not wait for its frame to render. */
export function preloadRoutes(pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    handleOf(route)
      ?.load?.()
      .catch(() => undefined);
  }
}

/** The page at the browser's address; the tab is named after the deepest route with a title. */
export function AppRoutes() {
  const location = useLocation();
  const titles = (matchRoutes(routes, location) ?? []).map(({ route }) => handleOf(route)?.title);
  usePageTitle(titles.findLast((title) => title !== undefined));
  const element = useRoutes(routes, location);
  // Shown while a page's code loads on a first visit; moving between pages keeps the old one meanwhile.
  return (
    <PageErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>
    </PageErrorBoundary>
  );
}
