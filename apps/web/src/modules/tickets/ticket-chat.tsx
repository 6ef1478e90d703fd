import { clientEvents, events, type Ticket, ticketEvent } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketRoom } from '../../shared/socket/use-socket-room';
import { toast } from '../../shared/toast/toast.store';
import { MessageComposer } from '../messages/message-composer';
import { MessageList } from '../messages/message-list';
import { TypingIndicator } from '../messages/typing-indicator';
import { ChatLoading } from './chat-loading';
import { ChatTags } from './chat-tags';
import { TicketHeader } from './ticket-header';
import { useTicket } from './tickets.api';

interface Props {
  uuid: string;
  onAccepted: (ticket: Ticket) => void;
  /** Opened from the list (not by loading its address): the keyboard follows into the conversation. */
  focusOnOpen: boolean;
}

export function TicketChat({ uuid, onAccepted, focusOnOpen }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const query = useTicket(uuid);
  const ticket = query.data;
  // A search result opens the chat at its message (?message=id).
  const around = Number(useSearchParams()[0].get('message')) || undefined;

  // A ticket that cannot be loaded (gone, or not this user's to see) sends the user back to the list.
  useEffect(() => {
    if (!query.error) return;
    toast.apiError(query.error);
    navigate('/tickets', { replace: true });
  }, [query.error, navigate]);

  useSocketRoom(clientEvents.joinChatBox, clientEvents.leaveChatBox, ticket?.id);
  useSocketEvent(events.ticket(me.companyId), ticketEvent, (payload) => {
    if (payload.action !== 'delete' || payload.ticketId !== ticket?.id) return;
    // Deleted by someone else, or moved out of this user's sight (transferred, given to a colleague).
    if (payload.deleted) toast.success(t('tickets.chat.deleted'));
    else toast.info(t('tickets.chat.gone'));
    navigate('/tickets', { replace: true });
  });

  if (!ticket) return <ChatLoading />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <TicketHeader ticket={ticket} onAccepted={onAccepted} />
      <ChatTags ticket={ticket} />
      <MessageList ticketId={ticket.id} channel={ticket.channel} around={around} focusOnOpen={focusOnOpen} />
      <TypingIndicator key={ticket.id} ticketId={ticket.id} />
      <MessageComposer ticket={ticket} />
    </Box>
  );
}
