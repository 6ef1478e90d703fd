import { z } from 'zod';
import { ticketSchema } from '../tickets/tickets.contract.js';
import { dbId, dbIdText, msg, pageNumber, withoutNul } from '../validation.js';

/** What a reply shows of the message it quotes. */
const quotedMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  isDeleted: z.boolean(),
});
export type QuotedMessage = z.infer<typeof quotedMessageSchema>;

/** An agent's emoji under a message. */
const reactionSchema = z.object({ emoji: z.string(), userId: z.number() });

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
  isForwarded: z.boolean(),
  isPrivate: z.boolean(),
  quotedMsg: quotedMessageSchema.nullable(),
  /** Absent where they were not loaded (an ack update): the client keeps the ones it has. */
  reactions: z.array(reactionSchema).optional(),
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

const messageText = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .max(4096, msg.tooLong)
  .refine(withoutNul, msg.invalidValue);

export const sendMessageBody = z.object({
  body: messageText,
  isPrivate: z.boolean().default(false),
  /** A reply quotes a message of the same ticket. */
  quotedMsgId: dbId().optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** Edits and deletes are the sender's, within this window of the message's last update (spec 000 §4). */
export const MESSAGE_EDIT_WINDOW_MS = 900_000;
/** Forwarded copies leave this far apart (spec 000 §4). */
export const FORWARD_INTERVAL_MS = 900;
const FORWARD_MAX_MESSAGES = 50;

export const messageIdParams = z.object({ id: dbIdText() });
export const editMessageBody = z.object({ body: messageText });

/** One emoji (a sequence may take several code points), no spaces. */
export const reactMessageBody = z.object({
  emoji: z
    .string({ error: msg.required })
    .min(1, msg.required)
    .max(32, msg.tooLong)
    .refine((value) => withoutNul(value) && !/\s/.test(value), msg.invalidValue),
});

export const forwardMessagesBody = z.object({
  messageIds: z.array(dbId()).min(1, msg.required).max(FORWARD_MAX_MESSAGES, msg.tooLong),
  contactId: dbId(),
  signMessage: z.boolean().default(false),
});
export type ForwardMessagesBody = z.infer<typeof forwardMessagesBody>;
export const forwardMessagesResponse = z.object({ ticketId: z.number(), messageIds: z.array(z.number()) });

export const messageEvent = z.object({
  action: z.enum(['create', 'update']),
  message: messageSchema,
  ticket: ticketSchema,
});
