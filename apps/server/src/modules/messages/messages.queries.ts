import type { Message } from '@balcao/shared';
import type { messages } from '../../db/schema/index.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type MessageRow = typeof messages.$inferSelect;

export const toMessage = (row: MessageRow, links: MediaLinks): Message => ({
  id: row.id,
  ticketId: row.ticketId,
  body: row.body,
  fromMe: row.fromMe,
  ack: row.ack,
  failedReason: row.failedReason,
  kind: row.kind,
  mediaUrl: links.url(row.mediaPath),
  mediaType: row.mediaType,
  isDeleted: row.isDeleted,
  isEdited: row.isEdited,
  isPrivate: row.isPrivate,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
