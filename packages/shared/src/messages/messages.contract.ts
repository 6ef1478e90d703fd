import { z } from 'zod';
import { ticketSchema } from '../tickets/tickets.contract.js';
import { dbIdText, msg, pageNumber, withoutNul } from '../validation.js';

export const messageSchema = z.object({
  id: z.number(),
  ticketId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  /** 0 pending, 1 sent, 2 delivered, 3 read (4 played); acks only move forward. -1 marks a failed send. */
  ack: z.number(),
  failedReason: z.string().nullable(),
  kind: z.string(),
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isPrivate: z.boolean(),
  userId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const ticketIdParams = z.object({ ticketId: dbIdText() });
export const listMessagesQuery = z.object({ pageNumber });
export const listMessagesResponse = z.object({
  messages: z.array(messageSchema),
  hasMore: z.boolean(),
  ticket: ticketSchema,
});

export const sendMessageBody = z.object({
  body: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(4096, msg.tooLong)
    .refine(withoutNul, msg.invalidValue),
  isPrivate: z.boolean().default(false),
});

export const messageEvent = z.object({
  action: z.enum(['create', 'update']),
  message: messageSchema,
  ticket: ticketSchema,
});
