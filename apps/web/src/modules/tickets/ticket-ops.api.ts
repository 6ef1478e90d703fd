import {
  type CloseAllTicketsBody,
  closeAllTicketsResponse,
  listTicketNotesResponse,
  ticketLogsResponse,
  ticketNoteSchema,
  userOptionsResponse,
} from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { removeTicket } from './tickets.cache';
import { ticketsKeys } from './tickets.keys';

const notesKey = (ticketId: number) => [...ticketsKeys.all, 'notes', ticketId] as const;

export function useTicketNotes(ticketId: number, contactId: number) {
  return useQuery({
    queryKey: notesKey(ticketId),
    queryFn: () =>
      request('/ticket-notes/list', { query: { ticketId, contactId }, schema: listTicketNotesResponse }),
  });
}

export function useAddTicketNote(ticketId: number, contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      request('/ticket-notes', {
        method: 'POST',
        body: { note, ticketId, contactId },
        schema: ticketNoteSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(ticketId) }),
  });
}

export function useDeleteTicketNote(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/ticket-notes/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(ticketId) }),
  });
}

export function useTicketLogs(ticketId: number) {
  return useQuery({
    queryKey: [...ticketsKeys.all, 'logs', ticketId],
    queryFn: () => request(`/tickets-log/${ticketId}`, { schema: ticketLogsResponse }),
    staleTime: 0,
  });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: number) => request(`/tickets/${ticketId}`, { method: 'DELETE' }),
    onSuccess: (_, ticketId) => removeTicket(queryClient, ticketId),
  });
}

export function useCloseAllTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloseAllTicketsBody) =>
      request('/tickets/closeAll', { method: 'POST', body, schema: closeAllTicketsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKeys.lists() }),
  });
}

/** Who may receive a queue's tickets (its members and the admins), once a queue is chosen. */
export function useQueueUsers(queueId: number | undefined) {
  return useQuery({
    queryKey: ['users', 'options', { queueId }],
    queryFn: () => request('/users/list', { query: { queueId }, schema: userOptionsResponse }),
    enabled: queueId !== undefined,
  });
}
