import type { Announcement } from '@balcao/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { priorityColor, priorityKey } from './announcement-priority';

/** One announcement as every user reads it in the top bar's popover. */
export function AnnouncementItem({ record, isNew }: { record: Announcement; isNew: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="article" aria-labelledby={`announcement-${record.id}`} sx={{ px: 2, py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography id={`announcement-${record.id}`} variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {record.title}
        </Typography>
        {isNew && <Chip size="small" color="primary" label={t('announcements.popover.new')} />}
        <Chip size="small" color={priorityColor(record.priority)} label={t(priorityKey(record.priority))} />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {formatDate(record.createdAt)}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
        {record.text}
      </Typography>
      {record.mediaPath && (
        <Box
          component="img"
          src={record.mediaPath}
          alt={record.mediaName ?? ''}
          loading="lazy"
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 200, mt: 1, borderRadius: 1 }}
        />
      )}
    </Box>
  );
}
