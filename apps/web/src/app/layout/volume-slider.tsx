import Slider from '@mui/material/Slider';
import { useTranslation } from 'react-i18next';
import { setVolume, useVolume } from '../../shared/notifications/volume';

export function VolumeSlider() {
  const { t } = useTranslation();
  const volume = useVolume();
  return (
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
  );
}
