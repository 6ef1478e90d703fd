import { can } from '@balcao/shared';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { AnnouncementsPopover } from '../../modules/announcements/announcements-popover';
import { ChatsPopover } from '../../modules/chats/chats-popover';
import { useSessionUser } from '../../shared/session/session-user';
import { AccountMenu } from './account-menu';
import { DueDateLine } from './due-date-line';
import { NotificationsBell } from './notifications-bell';
import { VolumeControl } from './volume-control';

export function TopBar({ onToggleMenu, menuOpen }: { onToggleMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  // On a phone the greeting needs the room: reloading moves into the account menu (a phone's browser
  // reloads by its own gesture too).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <AppBar position="fixed" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar
        sx={{
          gap: { xs: 0, sm: 1 },
          px: { xs: 0.5, sm: 2 },
          // 36 px icons on a phone (still well above the 24 px a target needs), so the greeting is read.
          '& .MuiIconButton-colorInherit': { p: { xs: 0.75, sm: 1 } },
        }}
      >
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleMenu}
          aria-label={t('app.topBar.toggleMenu')}
          aria-expanded={menuOpen}
          sx={{ ml: 0 }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          variant="h6"
          component="span"
          sx={{ fontWeight: 700, display: { xs: 'none', md: 'block' }, mr: 2 }}
        >
          {t('app.name')}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {t('app.topBar.greeting', { name: me.name })}{' '}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {t('app.topBar.company', { company: me.company.name })}
            </Box>
          </Typography>
          {can(me, 'users:manage') && <DueDateLine />}
        </Box>
        <VolumeControl />
        {!phone && (
          <Tooltip title={t('app.topBar.refresh')}>
            <IconButton
              color="inherit"
              aria-label={t('app.topBar.refresh')}
              onClick={() => window.location.reload()}
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        )}
        <NotificationsBell />
        <AnnouncementsPopover />
        <ChatsPopover />
        <AccountMenu withReload={phone} />
      </Toolbar>
    </AppBar>
  );
}
