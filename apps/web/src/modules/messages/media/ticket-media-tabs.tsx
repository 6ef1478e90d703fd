import type { TicketMedia } from '@balcao/shared';
import CallIcon from '@mui/icons-material/Call';
import DescriptionIcon from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { useTicketMedia } from '../messages.api';

const tabs = ['media', 'documents', 'links', 'calls'] as const;
type TabName = (typeof tabs)[number];

function Empty() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
      {t('messages.drawer.empty')}
    </Typography>
  );
}

function Items({ data, tab }: { data: TicketMedia; tab: TabName }) {
  const { t } = useTranslation();
  if (data[tab].length === 0) return <Empty />;
  if (tab === 'media')
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5, p: 1 }}>
        {data.media.map((item) => (
          <Link
            key={item.id}
            href={item.mediaUrl}
            target="_blank"
            rel="noopener"
            aria-label={item.mediaName ?? ''}
          >
            {item.mediaType === 'image' ? (
              <Box
                component="img"
                src={item.mediaUrl}
                alt={item.mediaName ?? ''}
                loading="lazy"
                sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1 }}
              />
            ) : (
              <Box
                sx={{
                  aspectRatio: '1',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  fontSize: 12,
                }}
              >
                {item.mediaName ?? item.mediaType}
              </Box>
            )}
          </Link>
        ))}
      </Box>
    );
  return (
    <List dense>
      {tab === 'documents' &&
        data.documents.map((item) => (
          <ListItem key={item.id}>
            <ListItemIcon>
              <DescriptionIcon />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link href={item.mediaUrl} target="_blank" rel="noopener">
                  {item.mediaName ?? t('messages.attachment')}
                </Link>
              }
              secondary={formatDateTime(item.createdAt)}
            />
          </ListItem>
        ))}
      {tab === 'links' &&
        data.links.map((item) => (
          <ListItem key={`${item.id}-${item.url}`}>
            <ListItemText
              primary={
                <Link
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {item.url}
                </Link>
              }
              secondary={formatDateTime(item.createdAt)}
            />
          </ListItem>
        ))}
      {tab === 'calls' &&
        data.calls.map((item) => (
          <ListItem key={item.id}>
            <ListItemIcon>
              <CallIcon />
            </ListItemIcon>
            <ListItemText
              primary={item.body || t('messages.media.call')}
              secondary={formatDateTime(item.createdAt)}
            />
          </ListItem>
        ))}
    </List>
  );
}

/** The contact drawer's record of the conversation (spec 000 §1: media, documents, links, calls). */
export function TicketMediaTabs({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabName>('media');
  const media = useTicketMedia(ticketId);
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, value: TabName) => setTab(value)} variant="fullWidth">
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`messages.drawer.${name}`)}
            sx={{ minWidth: 0, px: 0.5, fontSize: '0.75rem' }}
          />
        ))}
      </Tabs>
      {media.data ? <Items data={media.data} tab={tab} /> : <CircularProgress size={24} sx={{ m: 2 }} />}
    </Box>
  );
}
