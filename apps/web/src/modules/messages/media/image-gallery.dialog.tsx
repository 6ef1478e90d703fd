import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type TouchEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pinchScale, zoomIn, zoomOut } from './gallery-zoom';

interface Props {
  images: { id: number; mediaUrl: string; mediaName: string | null }[];
  startId: number;
  onClose: () => void;
}

const distance = (event: TouchEvent) => {
  const [a, b] = [event.touches[0], event.touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
};

/** The conversation's images one at a time, zoomable by buttons, wheel or pinch. */
export function ImageGalleryDialog({ images, startId, onClose }: Props) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      images.findIndex((i) => i.id === startId),
    ),
  );
  const [scale, setScale] = useState(1);
  const pinch = useRef<{ scale: number; distance: number } | null>(null);
  const image = images[index];
  const go = (step: number) => {
    setIndex((i) => Math.min(images.length - 1, Math.max(0, i + step)));
    setScale(1);
  };

  return (
    <Dialog open onClose={onClose} fullScreen slotProps={{ paper: { sx: { bgcolor: 'rgba(0,0,0,0.92)' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, color: 'common.white' }}>
        <Typography sx={{ flex: 1 }} noWrap>
          {image?.mediaName ?? ''} ({index + 1}/{images.length})
        </Typography>
        <IconButton
          color="inherit"
          onClick={() => setScale(zoomOut)}
          aria-label={t('messages.media.zoomOut')}
        >
          <ZoomOutIcon />
        </IconButton>
        <Typography component="output" aria-label={t('messages.media.zoom')}>
          {Math.round(scale * 100)}%
        </Typography>
        <IconButton color="inherit" onClick={() => setScale(zoomIn)} aria-label={t('messages.media.zoomIn')}>
          <ZoomInIcon />
        </IconButton>
        <IconButton color="inherit" onClick={onClose} aria-label={t('messages.media.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        sx={{ flex: 1, overflow: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        onWheel={(event) => setScale(event.deltaY < 0 ? zoomIn : zoomOut)}
        onTouchStart={(event) => {
          if (event.touches.length === 2) pinch.current = { scale, distance: distance(event) };
        }}
        onTouchMove={(event) => {
          const start = pinch.current;
          if (start && event.touches.length === 2)
            setScale(pinchScale(start.scale, start.distance, distance(event)));
        }}
        onTouchEnd={() => {
          pinch.current = null;
        }}
      >
        <IconButton
          color="inherit"
          sx={{ color: 'common.white' }}
          disabled={index === 0}
          onClick={() => go(-1)}
          aria-label={t('messages.media.previous')}
        >
          <ChevronLeftIcon />
        </IconButton>
        {image && (
          <Box
            component="img"
            src={image.mediaUrl}
            alt={image.mediaName ?? ''}
            sx={{
              maxWidth: '90%',
              maxHeight: '85vh',
              transform: `scale(${scale})`,
              transition: 'transform 0.1s',
            }}
          />
        )}
        <IconButton
          color="inherit"
          sx={{ color: 'common.white' }}
          disabled={index >= images.length - 1}
          onClick={() => go(1)}
          aria-label={t('messages.media.next')}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Dialog>
  );
}
