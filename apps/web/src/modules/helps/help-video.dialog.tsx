import { type Help, youtubeEmbedUrl } from '@balcao/shared';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/** The video in a modal player (spec 001 §2): Escape, the close button or a click outside ends it. */
export function HelpVideoDialog({ help, onClose }: { help: Help; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="help-video-title">
      <DialogTitle id="help-video-title" sx={{ pr: 7 }}>
        {help.title}
      </DialogTitle>
      <IconButton
        aria-label={t('helps.player.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'common.black' }}>
        <Box
          component="iframe"
          src={youtubeEmbedUrl(help.video)}
          title={help.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sx={{ width: '100%', height: '100%', border: 0, display: 'block' }}
        />
      </Box>
    </Dialog>
  );
}
