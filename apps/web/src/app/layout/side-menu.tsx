import LogoutIcon from '@mui/icons-material/Logout';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSignOut } from '../../modules/auth/auth.api';
import { useSessionUser } from '../../shared/session/session-user';
import { isMenuEntryVisible, type MenuEntry, menuEntries, menuSections } from './menu-entries';

interface Props {
  /** Collapsed shows icons only, with the label as a tooltip. */
  expanded: boolean;
  /** The temporary drawer closes itself once an entry is chosen. */
  onNavigate?: () => void;
}

/**
 * The current page is filled and bold with a bar at its edge; the keyboard's place is a ring around the
 * entry, so the two read apart even on the same entry.
 */
const buttonSx = {
  minHeight: 44,
  borderRadius: 1,
  mx: 1,
  '&.active': {
    bgcolor: 'action.selected',
    color: 'primary.main',
    boxShadow: (theme: Theme) => `inset 3px 0 0 ${theme.palette.primary.main}`,
    '& .MuiListItemIcon-root': { color: 'primary.main' },
    '& .MuiListItemText-primary': { fontWeight: 600 },
  },
  '&.Mui-focusVisible': {
    bgcolor: 'transparent',
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: -2,
  },
  '&.active.Mui-focusVisible': { bgcolor: 'action.selected' },
};

function SideMenuItem({
  label,
  icon,
  expanded,
  separated = false,
  children,
}: {
  label: string;
  icon: ReactNode;
  expanded: boolean;
  /** A line above the item (as a border: a separator element may not sit in a list). */
  separated?: boolean;
  children: (content: ReactNode) => ReactNode;
}) {
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      {expanded && <ListItemText primary={label} />}
    </>
  );
  return (
    <ListItem
      disablePadding
      sx={separated ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1 } : undefined}
    >
      {expanded ? (
        children(content)
      ) : (
        <Tooltip title={label} placement="right">
          <span style={{ width: '100%' }}>{children(content)}</span>
        </Tooltip>
      )}
    </ListItem>
  );
}

function EntryIcon({ entry: { icon: Icon, iconBadge: Badge } }: { entry: MenuEntry }) {
  return Badge ? (
    <Badge>
      <Icon />
    </Badge>
  ) : (
    <Icon />
  );
}

export function SideMenu({ expanded, onNavigate }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const signOut = useSignOut();

  return (
    // The landmark holds the list: list items must sit in a list, not in the <nav> itself.
    <nav aria-label={t('app.menu.label')}>
      <List sx={{ py: 1 }}>
        {menuSections.map((section) => {
          const entries = menuEntries.filter(
            (entry) => entry.section === section && isMenuEntryVisible(entry, me),
          );
          if (entries.length === 0) return null;
          return (
            <ListItem key={section} disablePadding sx={{ display: 'block' }}>
              <List disablePadding>
                {expanded && section !== 'service' && (
                  <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
                    {t(`app.menu.sections.${section}`)}
                  </ListSubheader>
                )}
                {entries.map((entry) => {
                  const label = t(`app.menu.${entry.key}`);
                  return (
                    <SideMenuItem
                      key={entry.key}
                      label={label}
                      icon={<EntryIcon entry={entry} />}
                      expanded={expanded}
                    >
                      {(content) => (
                        <ListItemButton
                          component={NavLink}
                          to={entry.to}
                          onClick={onNavigate}
                          aria-label={label}
                          sx={buttonSx}
                        >
                          {content}
                        </ListItemButton>
                      )}
                    </SideMenuItem>
                  );
                })}
              </List>
            </ListItem>
          );
        })}
        <SideMenuItem label={t('app.menu.logout')} icon={<LogoutIcon />} expanded={expanded} separated>
          {(content) => (
            <ListItemButton onClick={() => void signOut()} aria-label={t('app.menu.logout')} sx={buttonSx}>
              {content}
            </ListItemButton>
          )}
        </SideMenuItem>
      </List>
    </nav>
  );
}
