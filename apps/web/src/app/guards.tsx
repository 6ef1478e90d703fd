import { can, type Gate, type PlanFlag, planAllows, REFUSED_PAGE_REDIRECT_MS } from '@balcao/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type ReactElement, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { EXPIRED_PATH } from '../modules/auth/begin-session';
import { hasLocalFlag } from '../shared/local-flag';
import { isSessionExpired, useSession } from '../shared/session/session.store';
import { SessionUserProvider, useSessionUser } from '../shared/session/session-user';
import { toast } from '../shared/toast/toast.store';
import { lazyPart } from '../shared/ui/lazy-part';

/** Shown to few admins and rarely: its enrolment (a QR code, a form) stays out of every first load. */
const TwoFactorRequiredPage = lazyPart(() =>
  import('../modules/auth/two-factor-required.page').then((m) => m.TwoFactorRequiredPage),
);

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

/** Signed-out visitors go to /login; an expired company only reaches its billing landing. */
export function PrivateRoute() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (!session.user) return <Navigate to="/login" replace />;
  if (session.user.twoFactorRequired)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <TwoFactorRequiredPage />
      </Suspense>
    );
  if (isSessionExpired(session) && pathname !== EXPIRED_PATH) return <Navigate to={EXPIRED_PATH} replace />;
  return (
    <SessionUserProvider user={session.user}>
      <Outlet />
    </SessionUserProvider>
  );
}

/** /login and /signup are for signed-out visitors only. */
export function PublicRoute() {
  const session = useSession();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (session.user) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Pages the permission table refuses to this user are not shown; the user goes home instead. */
export function RequireGate({ gate }: { gate: Gate }) {
  const me = useSessionUser();
  return can(me, gate) ? <Outlet /> : <Navigate to="/" replace />;
}

/** `/`: the dashboard for admins and users with showDashboard; everyone else works in the inbox. */
export function HomeRoute({ dashboard }: { dashboard: ReactElement }) {
  const me = useSessionUser();
  return can(me, 'dashboard:view') ? dashboard : <Navigate to="/tickets" replace />;
}

/**
 * A page of a plan feature (spec 000 §2, e.g. /schedules with useSchedules). Without it, spec 001 §8:
 * 'Esta empresa não possui permissão…' and home after a second.
 */
export function RequirePlan({ flag }: { flag: PlanFlag }) {
  const me = useSessionUser();
  const allowed = planAllows(me.company.plan, flag);
  return allowed ? <Outlet /> : <RefusedPage />;
}

/**
 * A super user's page (spec 001 §6: announcements, companies): anyone else is told the page is not
 * theirs ('Esta empresa não possui permissão…') and sent home after a second.
 */
export function RequireGateOrRefuse({ gate }: { gate: Gate }) {
  const me = useSessionUser();
  return can(me, gate) ? <Outlet /> : <RefusedPage />;
}

function RefusedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!told.current) toast.error(t('app.planRefused'));
    told.current = true;
    const timer = setTimeout(() => navigate('/', { replace: true }), REFUSED_PAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return <FullPageSpinner />;
}

/** Spec 001 §2: pages shown only while the browser holds a local flag; without it, home, as for a refused page. */
export function RequireLocalFlag({ flag }: { flag: string }) {
  return hasLocalFlag(flag) ? <Outlet /> : <Navigate to="/" replace />;
}

/** The billing landing is for a company past its due date; any other goes home. */
export function RequireExpired() {
  return isSessionExpired(useSession()) ? <Outlet /> : <Navigate to="/" replace />;
}
