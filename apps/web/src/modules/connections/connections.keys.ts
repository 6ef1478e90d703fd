/** The query keys of connections: what its API calls fill and its cache updates change. */
export const connectionsKeys = {
  all: ['connections'] as const,
  list: () => [...connectionsKeys.all, 'list'] as const,
  budget: (id: number) => [...connectionsKeys.all, 'budget', id] as const,
};
