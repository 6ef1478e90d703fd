/** The query keys of contacts: what its API calls fill and its cache updates change. */
export const contactsKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactsKeys.all, 'list'] as const,
  list: (search: string, tagIds: number[]) => [...contactsKeys.lists(), search, tagIds.join(',')] as const,
  one: (id: number) => [...contactsKeys.all, 'one', id] as const,
};
