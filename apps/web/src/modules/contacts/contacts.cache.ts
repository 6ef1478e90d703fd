import type { Contact, listContactsResponse } from '@balcao/shared';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { contactsKeys } from './contacts.keys';

type ContactsPage = z.infer<typeof listContactsResponse>;
export type ContactPages = InfiniteData<ContactsPage, unknown>;

/** Replaces the contact where it is listed; otherwise puts it first when `insertIfMissing`. */
export function withContactUpserted(
  data: ContactPages,
  contact: Contact,
  insertIfMissing: boolean,
): ContactPages {
  const listed = data.pages.some((page) => page.contacts.some((c) => c.id === contact.id));
  if (listed)
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        contacts: page.contacts.map((c) => (c.id === contact.id ? contact : c)),
      })),
    };
  if (!insertIfMissing || data.pages.length === 0) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      index === 0 ? { ...page, contacts: [contact, ...page.contacts], count: page.count + 1 } : page,
    ),
  };
}

export function withContactRemoved(data: ContactPages, contactId: number): ContactPages {
  if (!data.pages.some((page) => page.contacts.some((c) => c.id === contactId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      contacts: page.contacts.filter((c) => c.id !== contactId),
      count: Math.max(0, page.count - 1),
    })),
  };
}

/** The contacts of all loaded pages, once each: one shown first after a create may come back in a later page. */
export function flattenContactPages(data: ContactPages | undefined): Contact[] {
  const seen = new Set<number>();
  const contacts: Contact[] = [];
  for (const page of data?.pages ?? [])
    for (const contact of page.contacts) {
      if (!seen.has(contact.id)) contacts.push(contact);
      seen.add(contact.id);
    }
  return contacts;
}

/** A list with no search and no tag filter: any new contact belongs in it. */
const unfiltered = (key: QueryKey) => !key[2] && !key[3];

/**
 * Applies a created or changed contact to every cached list. Whether it matches a search or a tag
 * filter is the server's call, so filtered lists are only marked stale for their next view.
 */
export function upsertContactInLists(queryClient: QueryClient, contact: Contact) {
  for (const [key, data] of queryClient.getQueriesData<ContactPages>({ queryKey: contactsKeys.lists() })) {
    if (!data) continue;
    const next = withContactUpserted(data, contact, unfiltered(key));
    if (next !== data) queryClient.setQueryData(key, next);
    else if (!unfiltered(key))
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

export function removeContactFromLists(queryClient: QueryClient, contactId: number) {
  for (const [key, data] of queryClient.getQueriesData<ContactPages>({ queryKey: contactsKeys.lists() }))
    if (data) queryClient.setQueryData(key, withContactRemoved(data, contactId));
}
