import { clientEvents, events, messageEvent, ticketEvent } from '@balcao/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketRoom } from '../../shared/socket/use-socket-room';
import { toast } from '../../shared/toast/toast.store';
import { MessageComposer } from '../messages/message-composer';
import { MessageList } from '../messages/message-list';
import { markMessagesRead } from '../messages/messages.api';
import { TicketHeader } from './ticket-header';
import { useTicket } from './tickets.api';

/** Customer messages arriving in a burst are marked read once it ends. */
const READ_DELAY_MS = 1000;

/** What the open chat shows is read: the server learns it by being asked for the newest page. */
function useReadWhileShown(ticketId: number | undefined) {
  const me = useSessionUser();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useSocketEvent(events.appMessage(me.companyId), messageEvent, ({ action, message }) => {
    if (action !== 'create' || message.fromMe || message.ticketId !== ticketId) return;
    if (document.visibilityState !== 'visible' || ticketId === undefined) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void markMessagesRead(ticketId).catch(() => undefined), READ_DELAY_MS);
  });
}

interface Props {
  uuid: string;
  onAccepted: () => void;
}

export function TicketChat({ uuid, onAccepted }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const query = useTicket(uuid);
  const ticket = query.data;

  // A ticket that cannot be loaded (gone, or not this user's to see) sends the user back to the list.
  useEffect(() => {
    if (!query.error) return;
    toast.apiError(query.error);
    navigate('/tickets', { replace: true });
  }, [query.error, navigate]);

  useSocketRoom(clientEvents.joinChatBox, clientEvents.leaveChatBox, ticket?.id);
  useReadWhileShown(ticket?.id);
  useSocketEvent(events.ticket(me.companyId), ticketEvent, (payload) => {
    if (payload.action !== 'delete' || payload.ticketId !== ticket?.id) return;
    toast.success(t('tickets.chat.deleted'));
    navigate('/tickets', { replace: true });
  });

  if (!ticket) {
    return (
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('tickets.chat.loading')} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <TicketHeader ticket={ticket} onAccepted={onAccepted} />
      <MessageList ticketId={ticket.id} />
      <MessageComposer ticket={ticket} />
    </Box>
  );
}
