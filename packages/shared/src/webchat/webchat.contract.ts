import { z } from 'zod';
import { email, msg, plainText, requiredText, withoutNul } from '../validation.js';

/** The website widget's socket namespace and events (a channel of our own, beyond the spec). */
export const WEBCHAT_NAMESPACE = '/webchat';

export const webchatEvents = {
  /** visitor → server, with ack: start a conversation as a new visitor. */
  start: 'visitor:start',
  /** visitor → server, with ack: send a message. */
  send: 'visitor:send',
  /** visitor → server: the visitor's screen shows these messages. */
  read: 'visitor:read',
  /** server → visitor: a message of the conversation (from either side). */
  message: 'message',
  /** server → visitor: an attendant edited or deleted a message the visitor already has. */
  changed: 'message:changed',
  /** server → visitor, on every connection: the visitor's conversation, or null when the visitor is unknown. */
  session: 'session',
  /** visitor → server: the visitor is typing (true) or stopped (false). */
  typing: 'visitor:typing',
  /** server → visitor: an attendant is typing or recording (`{ state: 'composing' | 'recording' | null }`). */
  presence: 'presence',
  /** server → visitor: an attendant closed the conversation; the next message starts a new one. */
  closed: 'closed',
} as const;

export const webchatStartBody = z.object({
  name: requiredText(2, 50),
  email: z.union([z.literal(''), email()]).optional(),
  phone: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().max(15, msg.invalidPhone))
    .optional(),
});
export type WebchatStartBody = z.infer<typeof webchatStartBody>;

export const webchatSendBody = z.object({
  body: z.string().trim().min(1, msg.required).max(4096, msg.tooLong).refine(withoutNul, msg.invalidValue),
  /** The widget's own id for the message, so a resend after a reconnect is stored once. */
  clientId: plainText(64).refine((v) => v.length >= 8),
});

export const webchatMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  fromVisitor: z.boolean(),
  createdAt: z.string(),
  ack: z.number(),
  edited: z.boolean(),
  /** A deleted message keeps its place without its text. */
  deleted: z.boolean(),
  /** An attachment, through a signed link; gone once the message is deleted. */
  media: z.object({ url: z.string(), type: z.string(), name: z.string().nullable() }).nullable(),
  /** The message this one replies to, as the visitor saw it. */
  quoted: z.object({ body: z.string(), fromVisitor: z.boolean(), deleted: z.boolean() }).nullable(),
  /** The attendants' emoji under the message. */
  reactions: z.array(z.string()),
});
export type WebchatMessage = z.infer<typeof webchatMessageSchema>;

const webchatCredentials = z.object({ visitorId: z.string(), secret: z.string() });
export type WebchatCredentials = z.infer<typeof webchatCredentials>;

/** The newest page of the visitor's current or last conversation, and whether that one was closed. */
const webchatSessionSchema = z.object({
  name: z.string(),
  messages: z.array(webchatMessageSchema),
  closed: z.boolean(),
});
export type WebchatSession = z.infer<typeof webchatSessionSchema>;

/** Every ack answers either `{ ok: true, ... }` or `{ ok: false, error }` with a catalogue code. */
export type WebchatAck<T> =
  | ({ ok: true } & T)
  | { ok: false; error: string; fields?: Record<string, string> };

/** A visitor's attachment is posted over HTTP (multipart: `clientId`, then the file) with these headers. */
export const webchatVisitorHeaders = z.object({
  'x-visitor-id': plainText(200),
  'x-visitor-secret': plainText(200),
});
export const webchatUploadFields = z.object({
  clientId: plainText(64).refine((v) => v.length >= 8),
  body: z.string().trim().max(4096, msg.tooLong).refine(withoutNul, msg.invalidValue).default(''),
});
