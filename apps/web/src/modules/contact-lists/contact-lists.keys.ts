import type { ContactList, ContactListItem } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const contactListsKeys = {
  all: ['contact-lists'] as const,
  lists: () => [...contactListsKeys.all, 'list'] as const,
  list: (search: string) => [...contactListsKeys.lists(), search] as const,
  options: () => [...contactListsKeys.all, 'options'] as const,
  one: (id: number) => [...contactListsKeys.all, 'one', id] as const,
  /** One list's items: `[...items(listId), search]`. */
  items: (contactListId: number) => [...contactListsKeys.all, 'items', contactListId] as const,
};

export const contactListPages = pagedLists<'records', ContactList>('records', contactListsKeys.lists());
export const itemPages = (contactListId: number) =>
  pagedLists<'contacts', ContactListItem>('contacts', contactListsKeys.items(contactListId));
