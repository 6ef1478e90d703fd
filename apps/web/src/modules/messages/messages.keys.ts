/** The query keys of messages: what its API calls fill and its cache updates change. */
export const messagesKeys = {
  all: ['messages'] as const,
  list: (ticketId: number) => [...messagesKeys.all, 'list', ticketId] as const,
  /** Under `list`: opened at a message (a search hit); updates to `list` reach it too (by prefix). */
  around: (ticketId: number, messageId: number) =>
    [...messagesKeys.list(ticketId), 'around', messageId] as const,
  images: (ticketId: number) => [...messagesKeys.all, 'images', ticketId] as const,
  media: (ticketId: number) => [...messagesKeys.all, 'media', ticketId] as const,
  templates: (ticketId: number) => [...messagesKeys.all, 'templates', ticketId] as const,
};
