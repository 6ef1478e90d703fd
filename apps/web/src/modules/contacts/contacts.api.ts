import {
  type Contact,
  type CreateContactBody,
  type CreateTicketBody,
  contactImportStarted,
  contactSchema,
  listContactsResponse,
  ticketSchema,
  type UpdateContactBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, request } from '../../shared/api/http';
import { getToken } from '../../shared/session/session.store';
import { removeContactFromLists, upsertContactInLists } from './contacts.cache';
import { contactsKeys } from './contacts.keys';

export function useContactList(search: string, tagIds: number[]) {
  return useInfiniteQuery({
    queryKey: contactsKeys.list(search, tagIds),
    queryFn: ({ pageParam }) =>
      request('/contacts', {
        query: {
          searchParam: search,
          pageNumber: pageParam,
          contactTag: tagIds.length ? JSON.stringify(tagIds) : undefined,
        },
        schema: listContactsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

const tagOptions = z.array(z.object({ id: z.number(), name: z.string(), color: z.string() }));

export const tagOptionsKey = ['tags', 'options'] as const;

/** The company's tags for the filter; the tags module answers them at /tags/list. */
export function useTagOptions() {
  return useQuery({
    queryKey: tagOptionsKey,
    queryFn: () => request('/tags/list', { schema: tagOptions }),
  });
}

/** Every change answers the whole contact, which replaces the listed one. */
function useContactMutation<V>(call: (vars: V) => Promise<Contact>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (contact) => upsertContactInLists(queryClient, contact),
  });
}

export const useCreateContact = () =>
  useContactMutation((body: CreateContactBody) =>
    request('/contacts', { method: 'POST', body, schema: contactSchema }),
  );

export const useUpdateContact = () =>
  useContactMutation(({ id, body }: { id: number; body: UpdateContactBody }) =>
    request(`/contacts/${id}`, { method: 'PUT', body, schema: contactSchema }),
  );

export const useBlockContact = () =>
  useContactMutation(({ id, active }: { id: number; active: boolean }) =>
    request(`/contacts/block/${id}`, { method: 'PUT', body: { active }, schema: contactSchema }),
  );

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/contacts/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => removeContactFromLists(queryClient, id),
  });
}

export function useOpenTicket() {
  return useMutation({
    mutationFn: (body: CreateTicketBody) =>
      request('/tickets', { method: 'POST', body, schema: ticketSchema }),
  });
}

export function useImportContacts() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request('/contacts/upload', { method: 'POST', body: form, schema: contactImportStarted });
    },
  });
}

/** Saves a file the server generates (export, example sheet) under the name it gives. */
export async function downloadFile(path: string, filename: string) {
  const token = getToken();
  const response = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) throw new ApiError(response.status, undefined, response.statusText);
  saveBlob(await response.blob(), filename);
}

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One contact, as the chat's contact drawer shows it. */
export const useContact = (id: number) =>
  useQuery({
    queryKey: contactsKeys.one(id),
    queryFn: () => request(`/contacts/${id}`, { schema: contactSchema }),
  });
