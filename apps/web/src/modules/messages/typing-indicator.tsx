import { events, presenceEvent, type TypingState } from '@balcao/shared';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';

/** Reports repeat every few seconds while typing goes on; silence this long means it stopped. */
const FADE_MS = 7000;

interface Writer {
  userId: number | null;
  state: TypingState;
}

/** "Typing…" or "Recording audio…" under the conversation, for the customer or a colleague; keyed by ticket. */
export function TypingIndicator({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [writer, setWriter] = useState<Writer | null>(null);

  useSocketEvent(events.presence(me.companyId), presenceEvent, (event) => {
    if (event.ticketId !== ticketId) return;
    setWriter(event.state ? { userId: event.userId, state: event.state } : null);
  });
  useEffect(() => {
    if (!writer) return;
    const fade = setTimeout(() => setWriter(null), FADE_MS);
    return () => clearTimeout(fade);
  }, [writer]);

  if (!writer) return null;
  const who = writer.userId === null ? 'contact' : 'colleague';
  return (
    <Typography
      variant="caption"
      role="status"
      sx={{ px: 2, py: 0.25, color: 'text.secondary', fontStyle: 'italic', bgcolor: 'background.default' }}
    >
      {t(`messages.presence.${who}.${writer.state}`)}
    </Typography>
  );
}
