import { z } from 'zod';
import { dbId, msg, pageNumber, plainText, queryBoolean, requiredText } from '../validation.js';

const QUICK_MESSAGE_MAX = 4096;

export const quickMessageSchema = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  /** Shared with every user of the company rather than only its author. */
  geral: z.boolean(),
  status: z.boolean(),
  isCategory: z.boolean(),
  categoryId: z.number().nullable(),
  /** A signed link to the attached image, or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  isMedia: z.boolean(),
  userId: z.number().nullable(),
});
export type QuickMessage = z.infer<typeof quickMessageSchema>;

const quickMessageFields = {
  shortcode: requiredText(1, 100),
  message: plainText(QUICK_MESSAGE_MAX).trim(),
  geral: z.boolean(),
  status: z.boolean(),
  isCategory: z.boolean(),
  categoryId: dbId().nullable(),
};

export const createQuickMessageBody = z
  .object({
    shortcode: quickMessageFields.shortcode,
    message: quickMessageFields.message.optional(),
    geral: quickMessageFields.geral.optional(),
    status: quickMessageFields.status.optional(),
    isCategory: quickMessageFields.isCategory.optional(),
    categoryId: quickMessageFields.categoryId.optional(),
  })
  .refine((body) => body.isCategory === true || Boolean(body.message), {
    message: msg.required,
    path: ['message'],
  });
export type CreateQuickMessageBody = z.infer<typeof createQuickMessageBody>;

export const updateQuickMessageBody = z.object(quickMessageFields).partial();
export type UpdateQuickMessageBody = z.infer<typeof updateQuickMessageBody>;

export const listQuickMessagesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
  /** Only the categories (the modal's category choice), or only the items. */
  isCategory: queryBoolean.optional(),
});
export type ListQuickMessagesQuery = z.infer<typeof listQuickMessagesQuery>;
export const listQuickMessagesResponse = z.object({
  records: z.array(quickMessageSchema),
  hasMore: z.boolean(),
  count: z.number(),
});
export const quickMessageOptionsResponse = z.array(quickMessageSchema);

export const quickMessageEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: quickMessageSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type QuickMessageEvent = z.infer<typeof quickMessageEvent>;
