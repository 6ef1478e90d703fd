import type { Ticket } from '@balcao/shared';
import CallIcon from '@mui/icons-material/Call';
import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from './use-call';

/** Whether the header offers a call: the server places it only for one WhatsApp contact with a wavoip token. */
export const canCall = (ticket: Ticket) =>
  Boolean(ticket.whatsapp?.wavoip) && ticket.channel === 'whatsapp' && !ticket.isGroup;

const twoDigits = (n: number) => String(n).padStart(2, '0');

function CallDuration({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <Typography variant="body2" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {twoDigits(Math.floor(seconds / 60))}:{twoDigits(seconds % 60)}
    </Typography>
  );
}

/** The call button of the chat header and, during a call, its small panel: duration, mute, hang up. */
export function CallControls({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const call = useCall(ticket.id);

  if (call.phase === 'idle')
    return (
      <Tooltip title={t('calls.start')}>
        <IconButton aria-label={t('calls.start')} onClick={() => void call.start()}>
          <CallIcon />
        </IconButton>
      </Tooltip>
    );

  const muteLabel = call.muted ? t('calls.unmute') : t('calls.mute');
  return (
    <Box
      role="group"
      aria-label={t('calls.panel')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 1.5,
        borderRadius: 5,
        bgcolor: 'action.selected',
      }}
    >
      {call.phase === 'connected' && call.connectedAt !== null ? (
        <CallDuration since={call.connectedAt} />
      ) : (
        <Typography variant="body2" component="span" role="status">
          {t('calls.dialing')}
        </Typography>
      )}
      <Tooltip title={muteLabel}>
        <span>
          <IconButton
            aria-label={muteLabel}
            aria-pressed={call.muted}
            disabled={call.phase !== 'connected'}
            onClick={() => void (call.muted ? call.unmute() : call.mute())}
          >
            {call.muted ? <MicOffIcon /> : <MicIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('calls.hangUp')}>
        <IconButton aria-label={t('calls.hangUp')} color="error" onClick={() => void call.hangUp()}>
          <CallEndIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
