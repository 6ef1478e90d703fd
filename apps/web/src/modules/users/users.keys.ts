/** The query keys of users: what its API calls fill and its cache updates change. */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (search: string) => [...usersKeys.lists(), search] as const,
};
