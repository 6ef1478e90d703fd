import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementItem } from './announcement-item';
import { useAnnouncementFeed, useReadAnnouncements } from './announcements.api';
import { useAnnouncementsRealtime } from './announcements.realtime';

/**
 * The top bar's announcements: the badge counts those published since the user last opened them;
 * opening reads them all, and those that were new keep their mark while the popover stays open.
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation();
  useAnnouncementsRealtime();
  const feed = useAnnouncementFeed();
  const read = useReadAnnouncements();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const records = feed.data?.pages.flatMap((page) => page.records) ?? [];
  const unread = feed.data?.pages[0]?.unread ?? 0;
  const label = t('announcements.popover.label', { count: unread });

  const open = (target: HTMLElement) => {
    setAnchor(target);
    setNewIds(new Set(records.filter((record) => record.unread).map((record) => record.id)));
    if (unread > 0) read.mutate();
  };

  let content: ReactNode;
  if (feed.isPending) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
        <CircularProgress size={24} aria-label={t('common.loading')} />
      </Box>
    );
  } else if (feed.isError || records.length === 0) {
    content = (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
        {feed.isError ? t('announcements.popover.loadError') : t('announcements.popover.empty')}
      </Typography>
    );
  } else {
    content = records.map((record, index) => (
      <Fragment key={record.id}>
        {index > 0 && <Divider component="div" />}
        <AnnouncementItem record={record} isNew={newIds.has(record.id)} />
      </Fragment>
    ));
  }

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(event) => open(event.currentTarget)}>
          {/* No badge at zero: a hidden one keeps its last number, which the button's name no longer says. */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={99}>
              <CampaignOutlinedIcon />
            </Badge>
          ) : (
            <CampaignOutlinedIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'region',
            'aria-label': t('announcements.popover.title'),
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 480 },
          },
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
          {t('announcements.popover.title')}
        </Typography>
        {content}
        {feed.hasNextPage && (
          <Box sx={{ px: 2, pb: 1.5 }}>
            <Button size="small" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
              {t('announcements.popover.more')}
            </Button>
          </Box>
        )}
      </Popover>
    </>
  );
}
