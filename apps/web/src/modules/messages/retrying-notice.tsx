import type { Message } from '@balcao/shared';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { useCancelMessage } from './messages.api';

/**
 * Under a reply the channel refused for now (an outage): it is being retried, and the attendant may
 * cancel it before it leaves. The bubble changes when the server says so (answer or socket event).
 */
export function RetryingNotice({ message }: { message: Pick<Message, 'id' | 'sendState'> }) {
  const { t } = useTranslation();
  const cancel = useCancelMessage();
  if (message.sendState !== 'retrying') return null;
  return (
    <>
      <Typography variant="caption" role="status" sx={{ color: 'warning.main' }}>
        {t('messages.retrying')}
      </Typography>
      <Button
        size="small"
        color="inherit"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(message.id, { onError: toast.apiError })}
        sx={{ minWidth: 0, py: 0, px: 0.5, fontSize: '0.75rem', textTransform: 'none' }}
      >
        {t('messages.cancelSend')}
      </Button>
    </>
  );
}
