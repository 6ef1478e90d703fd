import { contactEvent, events, type Ticket } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { removeContactFromLists, upsertContactInLists } from '../contacts/contacts.cache';
import { contactsKeys } from '../contacts/contacts.keys';
import { messagesKeys } from '../messages/messages.keys';
import { ticketsKeys } from './tickets.keys';

/**
 * Two contacts turned out to be one (a WhatsApp LID and its phone): the inbox stops showing the merged-away
 * contact. The ticket rows follow from the tickets' own events; this swaps the contact in the drawer and
 * the pickers, and reloads the open chats of either contact, whose conversation may have moved between
 * tickets (a folded ticket's messages join the survivor's) without a message event.
 */
export function useContactMergeRefresh() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.contact(me.companyId), contactEvent, (payload) => {
    if (payload.action !== 'merge') return;
    const { contact, mergedId } = payload;
    queryClient.removeQueries({ queryKey: contactsKeys.one(mergedId) });
    queryClient.setQueryData(contactsKeys.one(contact.id), contact);
    removeContactFromLists(queryClient, mergedId);
    upsertContactInLists(queryClient, contact);
    for (const [, ticket] of queryClient.getQueriesData<Ticket>({ queryKey: ticketsKeys.details() })) {
      if (!ticket || (ticket.contactId !== contact.id && ticket.contactId !== mergedId)) continue;
      void queryClient.invalidateQueries({ queryKey: ticketsKeys.detail(ticket.uuid) });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.list(ticket.id) });
    }
  });
}
