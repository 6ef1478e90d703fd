/** The query keys of queues: what its API calls fill and its cache updates change. */
export const queuesKeys = {
  all: ['queues'] as const,
  list: () => [...queuesKeys.all, 'list'] as const,
  detail: (id: number) => [...queuesKeys.all, 'detail', id] as const,
};
