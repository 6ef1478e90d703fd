import type { Message } from '@balcao/shared';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../shared/i18n/i18n';

/** The reason is a catalogue code when the server knows why; the text otherwise. */
export function failureText(reason: string | null): string {
  if (reason && i18n.exists(`errors.${reason}`)) return i18n.t(`errors.${reason}`);
  return reason || i18n.t('errors.generic');
}

const iconSx = { fontSize: 16, verticalAlign: 'middle' };

/** 0 clock, 1 check, 2 double grey, 3-4 double blue, -1 failed (red, with the reason on hover). */
export function AckIcon({ message }: { message: Pick<Message, 'ack' | 'failedReason'> }) {
  const { t } = useTranslation();
  const { ack } = message;
  if (ack === -1) {
    const reason = t('messages.ack.failed', { reason: failureText(message.failedReason) });
    return (
      <Tooltip title={reason}>
        <ErrorOutlineIcon role="img" aria-hidden={false} aria-label={reason} color="error" sx={iconSx} />
      </Tooltip>
    );
  }
  const [Icon, key, color] =
    ack <= 0
      ? ([AccessTimeIcon, 'pending', 'text.secondary'] as const)
      : ack === 1
        ? ([DoneIcon, 'sent', 'text.secondary'] as const)
        : ack === 2
          ? ([DoneAllIcon, 'delivered', 'text.secondary'] as const)
          : ([DoneAllIcon, 'read', 'info.main'] as const);
  const label = t(`messages.ack.${key}`);
  return (
    <Tooltip title={label}>
      <Icon role="img" aria-hidden={false} aria-label={label} sx={{ ...iconSx, color }} />
    </Tooltip>
  );
}
