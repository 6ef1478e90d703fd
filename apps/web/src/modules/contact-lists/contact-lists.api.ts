import {
  type ContactList,
  type ContactListBody,
  type ContactListFromContactsBody,
  type ContactListItem,
  type CreateContactListItemBody,
  contactListFromContactsResponse,
  contactListImportStarted,
  contactListItemSchema,
  contactListOptionsResponse,
  contactListSchema,
  listContactListItemsResponse,
  listContactListsResponse,
  type UpdateContactListItemBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { downloadFile } from '../contacts/contacts.api';
import { contactListPages, contactListsKeys, itemPages } from './contact-lists.keys';

const nextPage = (last: { hasMore: boolean }, pages: unknown[]) =>
  last.hasMore ? pages.length + 1 : undefined;

export function useContactLists(search: string) {
  return useInfiniteQuery({
    queryKey: contactListsKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/contact-lists', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listContactListsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** Every list, for pickers (the contacts page's "add to a list"). */
export function useContactListOptions() {
  return useQuery({
    queryKey: contactListsKeys.options(),
    queryFn: () => request('/contact-lists/list', { schema: contactListOptionsResponse }),
  });
}

export function useContactList(id: number) {
  return useQuery({
    queryKey: contactListsKeys.one(id),
    queryFn: () => request(`/contact-lists/${id}`, { schema: contactListSchema }),
  });
}

export function useSaveContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactListBody }) =>
      id
        ? request(`/contact-lists/${id}`, { method: 'PUT', body, schema: contactListSchema })
        : request('/contact-lists', { method: 'POST', body, schema: contactListSchema }),
    onSuccess: (list: ContactList) => storeList(queryClient, list),
  });
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/contact-lists/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => forgetList(queryClient, id),
  });
}

export function useAddContactsToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactListFromContactsBody }) =>
      request(`/contact-lists/${id}/from-contacts`, {
        method: 'POST',
        body,
        schema: contactListFromContactsResponse,
      }),
    onSuccess: (_data, { id }) =>
      void queryClient.invalidateQueries({ queryKey: contactListsKeys.items(id) }),
  });
}

export function useCheckNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(`/contact-lists/${id}/check-numbers`, { method: 'POST', schema: contactListSchema }),
    onSuccess: (list) => storeList(queryClient, list),
  });
}

export function useUploadList(id: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request(`/contact-lists/${id}/upload`, {
        method: 'POST',
        body: form,
        schema: contactListImportStarted,
      });
    },
  });
}

export function useContactListItems(contactListId: number, search: string) {
  return useInfiniteQuery({
    queryKey: [...contactListsKeys.items(contactListId), search],
    queryFn: ({ pageParam }) =>
      request('/contact-list-items', {
        query: { contactListId, searchParam: search, pageNumber: pageParam },
        schema: listContactListItemsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: number;
      body: CreateContactListItemBody | UpdateContactListItemBody;
    }) =>
      id
        ? request(`/contact-list-items/${id}`, { method: 'PUT', body, schema: contactListItemSchema })
        : request('/contact-list-items', { method: 'POST', body, schema: contactListItemSchema }),
    onSuccess: (item: ContactListItem) => itemPages(item.contactListId).upsert(queryClient, item),
  });
}

export function useDeleteItem(contactListId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/contact-list-items/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => itemPages(contactListId).remove(queryClient, id),
  });
}

/** A list as the server now has it, into the paged lists, the pickers and its own page. */
export function storeList(queryClient: ReturnType<typeof useQueryClient>, list: ContactList) {
  contactListPages.upsert(queryClient, list);
  queryClient.setQueryData(contactListsKeys.one(list.id), list);
  void queryClient.invalidateQueries({ queryKey: contactListsKeys.options() });
}

export function forgetList(queryClient: ReturnType<typeof useQueryClient>, id: number) {
  contactListPages.remove(queryClient, id);
  queryClient.removeQueries({ queryKey: contactListsKeys.one(id) });
  void queryClient.invalidateQueries({ queryKey: contactListsKeys.options() });
}

/** planilha.xlsx with its header in the page's language, so the columns read as the user reads them. */
export const downloadExampleSheet = (language: string) =>
  downloadFile(`/contact-lists/example-sheet?language=${encodeURIComponent(language)}`, 'planilha.xlsx');
