import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMessagesRealtime } from '../../modules/messages/messages.realtime';
import { useTicketAlerts } from '../../modules/tickets/tickets.alerts';
import { useSessionRealtime } from '../../shared/session/session.realtime';
import { isSessionExpired, useSession } from '../../shared/session/session.store';
import { useSessionUser } from '../../shared/session/session-user';
import { SocketProvider } from '../../shared/socket/socket';
import { PageErrorBoundary } from '../page-error-boundary';
import { DRAWER_WIDTH } from '../theme';
import { NewVersionNotice } from './new-version';
import { focusPageStart, useFocusOnPageChange } from './page-focus';
import { SideMenu } from './side-menu';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';

const COLLAPSED_WIDTH = 64;

export function AppLayout() {
  const me = useSessionUser();
  // A company past its due date gets a socket that only hears of its payment; once paid, a new one.
  const expired = isSessionExpired(useSession());
  return (
    <SocketProvider key={`${me.id}:${expired ? 'expired' : 'active'}`}>
      <AppFrame />
    </SocketProvider>
  );
}

/** Below 600 px the menu is a temporary drawer over the page; above, a rail that expands to 276 px. */
function AppFrame() {
  const { t } = useTranslation();
  useSessionRealtime();
  useTicketAlerts();
  useMessagesRealtime();
  const me = useSessionUser();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [expanded, setExpanded] = useState(me.defaultMenu === 'open');
  const [mobileOpen, setMobileOpen] = useState(false);
  const width = expanded ? DRAWER_WIDTH : COLLAPSED_WIDTH;
  const main = useRef<HTMLElement>(null);
  useFocusOnPageChange(main);
  const skipToMain = () => {
    if (main.current) focusPageStart(main.current);
  };

  const toggle = () => (narrow ? setMobileOpen((open) => !open) : setExpanded((open) => !open));

  return (
    <Box sx={{ display: 'flex', height: '100dvh' }}>
      <SkipLink onSkip={skipToMain} />
      <TopBar onToggleMenu={toggle} menuOpen={narrow ? mobileOpen : expanded} />
      <NewVersionNotice />
      {narrow ? (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': t('app.menu.label') } }}
        >
          <Toolbar />
          <SideMenu expanded onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          sx={{ width, flexShrink: 0, transition: theme.transitions.create('width') }}
          slotProps={{
            paper: {
              sx: { width, overflowX: 'hidden', transition: theme.transitions.create('width') },
            },
          }}
        >
          <Toolbar />
          <SideMenu expanded={expanded} />
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        ref={main}
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        <Toolbar />
        <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: { xs: 1.5, sm: 3 } }}>
          <PageErrorBoundary>
            <Outlet />
          </PageErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}
