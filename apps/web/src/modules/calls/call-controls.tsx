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
import type { useCall } from './use-call';

type Call = ReturnType<typeof useCall>;

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
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>
      {twoDigits(Math.floor(seconds / 60))}:{twoDigits(seconds % 60)}
    </span>
  );
}

/** The header's call button; during a call the panel below the header takes over. */
export function CallButton({ call }: { call: Call }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('calls.start')}>
      <span>
        <IconButton
          aria-label={t('calls.start')}
          disabled={call.phase !== 'idle'}
          onClick={() => void call.start()}
        >
          <CallIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A slim bar under the chat header while a call lasts: its state or duration, mute and hang up. */
export function CallPanel({ call }: { call: Call }) {
  const { t } = useTranslation();
  if (call.phase === 'idle') return null;
  const muteLabel = call.muted ? t('calls.unmute') : t('calls.mute');
  return (
    <Box
      role="group"
      aria-label={t('calls.panel')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.25, bgcolor: 'action.selected' }}
    >
      <CallIcon fontSize="small" color={call.phase === 'connected' ? 'success' : 'action'} />
      <Typography variant="body2" role="status" sx={{ flex: 1 }}>
        {call.phase === 'connected' && call.connectedAt !== null ? (
          <>
            {t('calls.inCall')} · <CallDuration since={call.connectedAt} />
          </>
        ) : (
          t('calls.dialing')
        )}
      </Typography>
      <Tooltip title={muteLabel}>
        <span>
          <IconButton
            size="small"
            aria-label={muteLabel}
            aria-pressed={call.muted}
            disabled={call.phase !== 'connected'}
            onClick={() => void (call.muted ? call.unmute() : call.mute())}
          >
            {call.muted ? <MicOffIcon fontSize="small" /> : <MicIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('calls.hangUp')}>
        <IconButton
          size="small"
          aria-label={t('calls.hangUp')}
          color="error"
          onClick={() => void call.hangUp()}
        >
          <CallEndIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
