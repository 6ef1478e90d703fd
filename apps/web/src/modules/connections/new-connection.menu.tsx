import { type Channel, type PlanFlag, planAllows } from '@balcao/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
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
  /** Pages and Instagram accounts usually come from a Facebook login rather than typed ids. */
  onFacebookLogin: (channel: 'facebook' | 'instagram') => void;
}

export function NewConnectionMenu({ onPick, onFacebookLogin }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const plan = useSessionUser().company.plan;
  const offeredChannels = channelFlags
    .filter(([, flag]) => flag === null || planAllows(plan, flag))
    .map(([channel]) => channel);
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
      >
        {offeredChannels.map((channel) => (
          <MenuItem
            key={channel}
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
        {offeredChannels
          .filter(
            (channel): channel is 'facebook' | 'instagram' =>
              channel === 'facebook' || channel === 'instagram',
          )
          .map((channel) => (
            <MenuItem
              key={`${channel}-login`}
              onClick={() => {
                setAnchor(null);
                onFacebookLogin(channel);
              }}
            >
              <ListItemIcon>
                <ChannelIcon channel={channel} fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={t('connections.facebook.menu', { channel: t(`connections.channels.${channel}`) })}
              />
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
