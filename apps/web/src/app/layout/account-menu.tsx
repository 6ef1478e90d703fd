import type { Language } from '@balcao/shared';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../modules/auth/auth.api';
import { useUpdateUser } from '../../modules/users/users.api';
import { applyLanguage } from '../../shared/i18n/i18n';
import { LanguageMenu } from '../../shared/i18n/language-menu';
import { updateSessionUser } from '../../shared/session/session.store';
import { useSessionUser } from '../../shared/session/session-user';
import { setThemeMode, type ThemeMode } from '../../shared/theme/theme-mode';
import { toast } from '../../shared/toast/toast.store';
import { lazyPart, usePreloadOnIntent } from '../../shared/ui/lazy-part';

const UserDialog = lazyPart(() => import('../../modules/users/user.dialog').then((m) => m.UserDialog));
const TwoFactorDialog = lazyPart(() =>
  import('../../modules/auth/two-factor.dialog').then((m) => m.TwoFactorDialog),
);

/** `withReload`: the top bar's reload button, where the bar has no room for it (a phone). */
export function AccountMenu({ withReload }: { withReload: boolean }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const mode = useTheme().palette.mode;
  const signOut = useSignOut();
  const updateUser = useUpdateUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  usePreloadOnIntent(UserDialog);

  /** The choice is the user's, so it follows them to their next sign-in on any device. */
  const chooseLanguage = (language: Language) => {
    applyLanguage(language);
    updateUser.mutate(
      { id: me.id, body: { language } },
      { onSuccess: updateSessionUser, onError: (error) => toast.apiError(error) },
    );
  };

  /** Shown at once; the profile keeps it for the next sign-in, and the device for the sign-in page. */
  const chooseTheme = (defaultTheme: ThemeMode) => {
    setThemeMode(defaultTheme);
    updateSessionUser({ ...me, defaultTheme });
    updateUser.mutate(
      { id: me.id, body: { defaultTheme } },
      {
        onSuccess: updateSessionUser,
        onError: (error) => {
          updateSessionUser(me);
          toast.apiError(error);
        },
      },
    );
  };

  return (
    <>
      <IconButton
        aria-label={t('app.userMenu.open')}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar src={me.profileImage ?? undefined} alt={me.name} sx={{ width: 34, height: 34 }}>
          {me.name.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        onClick={() => setAnchor(null)}
      >
        <MenuItem onClick={() => setProfileOpen(true)}>
          <ListItemIcon>
            <PersonOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('app.userMenu.profile')}
        </MenuItem>
        <MenuItem onClick={() => setTwoFactorOpen(true)}>
          <ListItemIcon>
            <SecurityOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('auth.twoFactor.settingsTitle')}
        </MenuItem>
        <MenuItem onClick={() => chooseTheme(mode === 'dark' ? 'light' : 'dark')}>
          <ListItemIcon>
            {mode === 'dark' ? (
              <LightModeOutlinedIcon fontSize="small" />
            ) : (
              <DarkModeOutlinedIcon fontSize="small" />
            )}
          </ListItemIcon>
          {mode === 'dark' ? t('app.userMenu.lightTheme') : t('app.userMenu.darkTheme')}
        </MenuItem>
        <MenuItem onClick={() => setLanguageAnchor(anchor)}>
          <ListItemIcon>
            <TranslateIcon fontSize="small" />
          </ListItemIcon>
          {t('app.topBar.language')}
        </MenuItem>
        {withReload && (
          <MenuItem onClick={() => window.location.reload()}>
            <ListItemIcon>
              <RefreshIcon fontSize="small" />
            </ListItemIcon>
            {t('app.topBar.refresh')}
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('app.menu.logout')}
        </MenuItem>
      </Menu>
      <LanguageMenu
        anchorEl={languageAnchor}
        onClose={() => setLanguageAnchor(null)}
        onSelect={chooseLanguage}
      />
      {profileOpen && (
        <Suspense>
          <UserDialog user={me} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
      {twoFactorOpen && (
        <Suspense>
          <TwoFactorDialog onClose={() => setTwoFactorOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
