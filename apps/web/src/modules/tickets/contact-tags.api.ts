import { contactEvent, events, type TagRef, type Ticket, tagSchema, tagsOfResponse } from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { toast } from '../../shared/toast/toast.store';
import { tagOptionsKey } from '../contacts/contacts.api';
import { ticketsKeys } from './tickets.keys';

const contactTagsKey = (contactId: number) => ['contactTags', contactId] as const;

/**
 * What the server holds as the contact's tags, kept current by the contact events the tags module
 * publishes on every sync (from another chat, the contacts page or another attendant).
 */
export function useContactTags(contactId: number) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  useSocketEvent(events.contact(me.companyId), contactEvent, (payload) => {
    if (payload.action !== 'delete' && payload.contact.id === contactId) {
      queryClient.setQueryData(contactTagsKey(contactId), { tags: payload.contact.tags });
    }
  });
  return useQuery({
    queryKey: contactTagsKey(contactId),
    queryFn: () => request(`/contactTags/${contactId}`, { schema: tagsOfResponse }),
  });
}

export function useSyncContactTags(contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: TagRef[]) =>
      request('/tags/sync', {
        method: 'POST',
        body: { contactId, tags: tags.map((tag) => ({ id: tag.id })) },
        schema: tagsOfResponse,
      }),
    onSuccess: (saved) => queryClient.setQueryData(contactTagsKey(contactId), saved),
    onError: toast.apiError,
  });
}

/**
 * Saves the ticket's own tags. The open chat shows the answer at once; the ticket's event, which the
 * server sends with the new tags, brings them to the lists and to other attendants.
 */
export function useSyncTicketTags(ticket: Pick<Ticket, 'id' | 'uuid'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: TagRef[]) =>
      request('/tags/sync', {
        method: 'POST',
        body: { ticketId: ticket.id, tags: tags.map((tag) => ({ id: tag.id })) },
        schema: tagsOfResponse,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<Ticket>(ticketsKeys.detail(ticket.uuid), (held) =>
        held ? { ...held, tags: saved.tags } : held,
      ),
    onError: toast.apiError,
  });
}

/** A tag typed in the chat; it joins the picker's options at once rather than after a refetch. */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => request('/tags', { method: 'POST', body: { name }, schema: tagSchema }),
    onSuccess: (tag) =>
      queryClient.setQueryData<TagRef[]>(tagOptionsKey, (options) =>
        options ? [...options, { id: tag.id, name: tag.name, color: tag.color }] : options,
      ),
  });
}
