import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setVolume, useVolume } from '../../shared/notifications/volume';

export function VolumeControl() {
  const { t } = useTranslation();
  const volume = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('app.topBar.volume')}>
        <IconButton
          color="inherit"
          aria-label={t('app.topBar.volume')}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { sx: { px: 3, py: 1.5, width: 220 } } }}
      >
        <Slider
          value={volume}
          min={0}
          max={1}
          step={0.1}
          onChange={(_event, value) => setVolume(value)}
          valueLabelDisplay="auto"
          valueLabelFormat={(value) => `${Math.round(value * 100)}%`}
          aria-label={t('app.topBar.volume')}
        />
      </Popover>
    </>
  );
}
