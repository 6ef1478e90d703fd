import type { Channel } from '@balcao/shared';
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
import { ChannelIcon } from './channel-icon';

/** Channels this build can connect; the Meta and WhatsApp channels join with their own issue. */
const offeredChannels: readonly Channel[] = ['webchat'];

export function NewConnectionMenu({ onPick }: { onPick: (channel: Channel) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      </Menu>
    </>
  );
}
