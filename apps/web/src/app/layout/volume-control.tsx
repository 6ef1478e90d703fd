import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVolume } from '../../shared/notifications/volume';
import { lazyPart, usePreloadOnIntent } from '../../shared/ui/lazy-part';

const VolumeSlider = lazyPart(() => import('./volume-slider').then((m) => m.VolumeSlider));

export function VolumeControl() {
  const { t } = useTranslation();
  const volume = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  usePreloadOnIntent(VolumeSlider);
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
        <Suspense>
          <VolumeSlider />
        </Suspense>
      </Popover>
    </>
  );
}
