import type { Message } from '@balcao/shared';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../ack-icon';

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A received file still on its way (the bubble is updated when it is stored), or given up with why. */
export function PendingMedia({ message }: { message: Message }) {
  const { t } = useTranslation();
  if (message.mediaStatus === 'pending')
    return (
      <Notice icon={<CircularProgress size={16} aria-label={t('messages.media.pending')} />}>
        {t('messages.media.pending')}
      </Notice>
    );
  return (
    <Notice icon={<BrokenImageOutlinedIcon fontSize="small" />}>
      {t('messages.media.unavailable', { reason: failureText(message.mediaError) })}
    </Notice>
  );
}

/** Something the channel delivered in a kind this app cannot show; `body` names the kind when known. */
export function UnsupportedMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  return (
    <Notice icon={<HelpOutlineIcon fontSize="small" />}>
      {message.body
        ? t('messages.media.unsupportedKind', { kind: message.body })
        : t('messages.media.unsupported')}
    </Notice>
  );
}

/** WhatsApp's own notice (a number changed): its words follow as the bubble's text. */
export function SystemNotice() {
  const { t } = useTranslation();
  return (
    <Typography
      variant="caption"
      component="p"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontWeight: 600 }}
    >
      <InfoOutlinedIcon sx={{ fontSize: 14 }} />
      {t('messages.media.systemNotice')}
    </Typography>
  );
}
