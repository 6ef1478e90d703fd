import { z } from 'zod';
import { dbId, dbIdText, msg, queryBoolean, withoutNul } from '../validation.js';

/** Ids come as JSON numbers, or as text from a multipart form or a flow tool that quotes everything. */
const outsideId = () => z.union([dbId(), dbIdText()]);

/**
 * The fields of `POST /api/messages/send` (spec 001 "External messages API"), as JSON or as the text
 * parts of a multipart body whose files are `medias`. `body` is the text, or the caption of the first file.
 */
export const externalSendFields = z.object({
  number: z
    .union([z.string({ error: msg.required }), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().trim().min(1, msg.required).max(40, msg.tooLong).refine(withoutNul, msg.invalidValue)),
  body: z.string().trim().max(4096, msg.tooLong).refine(withoutNul, msg.invalidValue).default(''),
  /** Who a conversation this call opens is for; also whose name signs the text. */
  userId: outsideId().optional(),
  /** The queue of a conversation this call opens. */
  queueId: outsideId().optional(),
  /** Prefixes the text with `*{user name}:*`; needs `userId`. */
  sendSignature: queryBoolean.default(false),
});

/** A text send: the text is required. */
const externalSendBody = externalSendFields.extend({
  body: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(4096, msg.tooLong)
    .refine(withoutNul, msg.invalidValue),
});
export type ExternalSendBody = z.input<typeof externalSendBody>;

export const externalSendResponse = z.object({
  contactId: z.number(),
  ticketId: z.number(),
  ticketUuid: z.string(),
  /** The messages stored, in order; each leaves through the connection's outbox. */
  messageIds: z.array(z.number()),
});
export type ExternalSendResponse = z.infer<typeof externalSendResponse>;

/** The web page's text test form: the token the call carries, and the call's fields. */
export const externalTextForm = externalSendBody.pick({ number: true, body: true }).extend({
  token: z.string().trim().min(1, msg.required).max(64, msg.tooLong),
});
