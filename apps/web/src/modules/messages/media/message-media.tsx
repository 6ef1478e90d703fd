import type { Message } from '@balcao/shared';
import CallIcon from '@mui/icons-material/Call';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DescriptionIcon from '@mui/icons-material/Description';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketImages } from '../messages.api';
import { AudioPlayer } from './audio-player';
import { locationLink, parseVCard } from './message-content';
import { PendingMedia, SystemNotice, UnsupportedMessage } from './message-notices';

const ImageGalleryDialog = lazy(() =>
  import('./image-gallery.dialog').then((m) => ({ default: m.ImageGalleryDialog })),
);

function ImageThumb({ message }: { message: Message }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const images = useTicketImages(message.ticketId, open);
  const list = images.data?.images.length
    ? images.data.images.slice().reverse()
    : [{ id: message.id, mediaUrl: message.mediaUrl ?? '', mediaName: message.mediaName }];
  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('messages.media.openImage', { name: message.mediaName ?? '' })}
        sx={{ p: 0, border: 0, bgcolor: 'transparent', cursor: 'zoom-in', display: 'block' }}
      >
        <Box
          component="img"
          src={message.mediaUrl ?? ''}
          alt={message.mediaName ?? ''}
          loading="lazy"
          sx={{ display: 'block', maxWidth: 260, maxHeight: 260, borderRadius: 1, objectFit: 'cover' }}
        />
      </Box>
      {open && (
        <Suspense fallback={null}>
          <ImageGalleryDialog images={list} startId={message.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The part of a bubble that is not its text: attachment, contact card, location or call. */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation();
  const url = message.mediaUrl;
  if (message.mediaStatus) return <PendingMedia message={message} />;
  switch (message.mediaType) {
    case 'image':
      return url ? <ImageThumb message={message} /> : null;
    case 'video':
      return url ? (
        // biome-ignore lint/a11y/useMediaCaption: customers' videos come without captions
        <video src={url} controls preload="metadata" style={{ maxWidth: 280, borderRadius: 4 }} />
      ) : null;
    case 'audio':
      return url ? <AudioPlayer src={url} /> : null;
    case 'application':
      return url ? (
        <Link
          href={url}
          target="_blank"
          rel="noopener"
          download={message.mediaName ?? true}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          <DescriptionIcon fontSize="small" />
          {message.mediaName ?? t('messages.attachment')}
        </Link>
      ) : null;
    case 'contactMessage': {
      const card = parseVCard(message.body);
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ContactPhoneIcon color="action" />
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {card.name}
            </Typography>
            {card.numbers.map((n) => (
              <Typography key={n} variant="caption" component="p">
                {n}
              </Typography>
            ))}
          </Box>
        </Box>
      );
    }
    case 'locationMessage': {
      const link = locationLink(message.body);
      return link ? (
        <Link
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          <PlaceIcon fontSize="small" />
          {t('messages.media.location')}
        </Link>
      ) : null;
    }
    case 'unsupportedMessage':
      return <UnsupportedMessage message={message} />;
    case 'systemMessage':
      return <SystemNotice />;
    case 'call_log':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
          <CallIcon fontSize="small" />
          <Typography variant="body2">{message.body || t('messages.media.call')}</Typography>
        </Box>
      );
    default:
      return url ? (
        <Link href={url} target="_blank" rel="noopener" variant="body2">
          {t('messages.attachment')}
        </Link>
      ) : null;
  }
}

/** Kinds whose body is data the media part shows (a vCard, coordinates, a kind's name), not text to print as is. */
export const bodyIsData = (message: Message) =>
  message.mediaType === 'contactMessage' ||
  message.mediaType === 'unsupportedMessage' ||
  message.mediaType === 'locationMessage' ||
  message.mediaType === 'call_log';
