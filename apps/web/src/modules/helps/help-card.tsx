import { type Help, youtubeThumbnailUrl } from '@balcao/shared';
import PlayCircleOutlineOutlinedIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A help video's card (spec 001 §2): its thumbnail, title and description; Enter or a click plays it. */
export function HelpCard({ help, onPlay }: { help: Help; onPlay: (help: Help) => void }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        onClick={() => onPlay(help)}
        aria-label={t('helps.grid.play', { title: help.title })}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover' }}>
          <Box
            component="img"
            src={youtubeThumbnailUrl(help.video)}
            alt=""
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <PlayCircleOutlineOutlinedIcon
            sx={{
              position: 'absolute',
              inset: 0,
              m: 'auto',
              fontSize: 56,
              color: 'common.white',
              opacity: 0.9,
            }}
          />
        </Box>
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {help.title}
          </Typography>
          {help.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {help.description}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
