import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextAudioSpeed, savedAudioSpeed } from './audio-speed';

/** The browser's player, with the speed button of spec 000 §9 (kept for every audio of this browser). */
export function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState(savedAudioSpeed);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {/* biome-ignore lint/a11y/useMediaCaption: a customer's voice message has no captions to offer */}
      <audio ref={audio} src={src} controls preload="metadata" style={{ maxWidth: 240 }} />
      <Button
        size="small"
        variant="outlined"
        onClick={() => setSpeed(nextAudioSpeed(speed))}
        aria-label={t('messages.media.speed', { speed })}
        sx={{ minWidth: 44, px: 0.5 }}
      >
        {speed}x
      </Button>
    </Box>
  );
}
