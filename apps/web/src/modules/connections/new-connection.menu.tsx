import { type Channel, type PlanFlag, planAllows } from '@balcao/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { ChannelIcon } from './channel-icon';

/** Each channel and the plan flag that offers it (spec 000 §6); the website chat is on every plan. */
const channelFlags: readonly [Channel, PlanFlag | null][] = [
  ['whatsapp', 'useWhatsapp'],
  ['whatsappapi', 'useWhatsapp'],
  ['facebook', 'useFacebook'],
  ['instagram', 'useInstagram'],
  ['webchat', null],
];

interface Props {
  onPick: (channel: Channel) => void;
  /** Pages and Instagram accounts come from "Continue with Facebook" rather than typed ids. */
  onFacebookLogin: () => void;
  /** The company's connections, once listed: the plan's room is shown before any form opens. */
  used: number | undefined;
}

export function NewConnectionMenu({ onPick, onFacebookLogin, used }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const plan = useSessionUser().company.plan;
  const offeredChannels = channelFlags
    .filter(([, flag]) => flag === null || planAllows(plan, flag))
    .map(([channel]) => channel);
  const offersLogin = planAllows(plan, 'useFacebook') || planAllows(plan, 'useInstagram');
  // A full plan opens no form that would fail; a Facebook login may still renew connected pages.
  const full = used !== undefined && used >= plan.connections;
  return (
    <>
      <Button
        variant="contained"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-label={t('connections.list.add')}
        sx={{ flexShrink: 0, gap: 1 }}
      >
        <AddIcon fontSize="small" />
        <Box component="span">{t('connections.list.add')}</Box>
        <ArrowDropDownIcon fontSize="small" />
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: used === undefined ? {} : { 'aria-describedby': 'connections-plan-room' } }}
      >
        {used !== undefined && (
          <Typography
            id="connections-plan-room"
            variant="body2"
            color={full ? 'warning.main' : 'text.secondary'}
            sx={{ px: 2, py: 1, maxWidth: 320 }}
          >
            {t('connections.list.room', { used, allowed: plan.connections })}
            {full && ` ${t('connections.list.planFull')}`}
          </Typography>
        )}
        {offeredChannels.map((channel) => (
          <MenuItem
            key={channel}
            disabled={full}
            onClick={() => {
              setAnchor(null);
              onPick(channel);
            }}
          >
            <ListItemIcon>
              <ChannelIcon channel={channel} fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(`connections.channels.${channel}`)} />
          </MenuItem>
        ))}
        {offersLogin && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onFacebookLogin();
            }}
          >
            <ListItemIcon>
              <ChannelIcon channel="facebook" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('connections.facebook.menu')} />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
