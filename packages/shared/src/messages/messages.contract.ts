import { z } from 'zod';
import { ticketSchema } from '../tickets/tickets.contract.js';
import { dbId, dbIdText, jsonIds, msg, pageNumber, withoutNul } from '../validation.js';
import { messageCursor } from './messages.cursor.js';

/** What a reply shows of the message it quotes. */
const quotedMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  isDeleted: z.boolean(),
  /** 'contactMessage' when the quoted message is a contact card (its body is the card). */
  mediaType: z.string().nullable(),
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
  /**
   * Where an outbound message's send stands: 'pending' waiting its turn, 'sending' in flight, 'unknown'
   * sent but not answered (waiting for the channel's status), 'retrying' refused for now and tried again
   * later (it may be cancelled), then 'sent', 'failed' or 'cancelled' (ack -1, ERR_SEND_CANCELLED).
   * Null for what was never sent by the outbox (received messages, notes, older messages).
   */
  sendState: z.enum(['pending', 'sending', 'unknown', 'retrying', 'sent', 'failed', 'cancelled']).nullable(),
  kind: z.string(),
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** The attachment's file name as the sender gave it. */
  mediaName: z.string().nullable(),
  /**
   * A received file still being fetched from the channel ('pending': the bubble waits for an update),
   * or given up ('unavailable', `mediaError` says why with a catalogue code). Null once it is stored.
   */
  mediaStatus: z.enum(['pending', 'unavailable']).nullable(),
  mediaError: z.string().nullable(),
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
/**
 * `before` (the `nextCursor` of the page shown) pages by key: messages arriving meanwhile neither shift
 * nor repeat older pages. `pageNumber` (spec 000 §7) still pages by offset when no cursor is given.
 * `around` (a message id, a search hit) opens the conversation at that message: it and up to a page
 * older, and up to a page newer; `after` (the `newerCursor` shown) reads the next newer page.
 * One of `before`, `after` and `around` at a time.
 */
export const listMessagesQuery = z
  .object({
    pageNumber,
    before: messageCursor.optional(),
    after: messageCursor.optional(),
    around: dbIdText().optional(),
    /** Queue ids (spec 000 §7): only messages written in them, and those written without a queue. */
    selectedQueues: jsonIds,
  })
  .superRefine((query, ctx) => {
    const given = (['before', 'after', 'around'] as const).filter((key) => query[key] !== undefined);
    for (const key of given.slice(1))
      ctx.addIssue({ code: 'custom', path: [key], message: msg.invalidValue });
  });
export type ListMessagesQuery = z.infer<typeof listMessagesQuery>;
export const listMessagesResponse = z.object({
  messages: z.array(messageSchema),
  /** An older page exists; false on an `after` page, whose older messages the client holds already. */
  hasMore: z.boolean(),
  /** Asks for the next older page as `before`; null on the oldest page, and on an `after` page. */
  nextCursor: z.string().nullable(),
  /**
   * Asks for the next newer page as `after`, on an `around` or `after` answer that stops short of the
   * newest message; null otherwise (the other pages are read newest first).
   */
  newerCursor: z.string().nullable(),
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
  /** Prefixes the attendant's name, when the company's sendSignMessage setting lets attendants sign. */
  signMessage: z.boolean().default(false),
  /** The quick message the text came from: its image goes with the text, as its caption. */
  quickMessageId: dbId().optional(),
  /** A contact card instead of text (spec 000 §7 `vCard`); `body` is then only its caption in lists. */
  vCard: z
    .object({
      name: z.string().trim().min(1, msg.required).max(100, msg.tooLong).refine(withoutNul, msg.invalidValue),
      number: z
        .string()
        .trim()
        .regex(/^\+?[\d\s().-]{8,30}$/, msg.invalidPhone),
    })
    .optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** Edits and deletes are the sender's, within this window of the message's last update (spec 000 §4). */
export const MESSAGE_EDIT_WINDOW_MS = 900_000;
/** Forwarded copies leave this far apart (spec 000 §4). */
export const FORWARD_INTERVAL_MS = 900;
const FORWARD_MAX_MESSAGES = 50;

/**
 * The text fields of a multipart send (spec 000 §7): one file per message, its caption in `body`. The
 * fields come before the file in the form, as a browser's FormData puts them when appended first.
 */
export const sendMediaFields = z.object({
  body: z.string().trim().max(4096, msg.tooLong).refine(withoutNul, msg.invalidValue).default(''),
  isPrivate: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  quotedMsgId: dbIdText().optional(),
});

/** What the contact drawer lists of a conversation (spec 000 §7 getmedia and listimages). */
const mediaItemSchema = z.object({
  id: z.number(),
  mediaUrl: z.string(),
  mediaType: z.string(),
  mediaName: z.string().nullable(),
  fromMe: z.boolean(),
  createdAt: z.string(),
});
const linkItemSchema = z.object({ id: z.number(), url: z.string(), createdAt: z.string() });
const callItemSchema = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  createdAt: z.string(),
});
export const ticketMediaResponse = z.object({
  media: z.array(mediaItemSchema),
  documents: z.array(mediaItemSchema),
  links: z.array(linkItemSchema),
  calls: z.array(callItemSchema),
});
export type TicketMedia = z.infer<typeof ticketMediaResponse>;
export const ticketImagesResponse = z.object({ images: z.array(mediaItemSchema) });

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
export type AppMessageEvent = z.infer<typeof messageEvent>;

/** Spec 000 §3 ticket presence: someone is writing or recording a voice message. */
const typingStates = ['composing', 'recording'] as const;
export type TypingState = (typeof typingStates)[number];

/** What an attendant's socket emits while writing in a chat. */
export const typingInput = z.object({ ticketId: dbId(), state: z.enum(typingStates).nullable() });

/**
 * `company-{id}-presence`: who is writing in a conversation. `userId` null means the customer; an
 * attendant's own sockets never receive their own presence.
 */
export const presenceEvent = z.object({
  ticketId: z.number(),
  userId: z.number().nullable(),
  state: z.enum(typingStates).nullable(),
});
export type PresenceEvent = z.infer<typeof presenceEvent>;
