import { z } from 'zod';

const sessionStatuses = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** A WhatsApp session as the QR modal sees it; the QR and pairing code reach only those who manage connections. */
export const whatsappSessionSchema = z.object({
  id: z.number(),
  status: z.enum(sessionStatuses),
  /** The QR payload to render (size 256); empty once scanned or expired, which closes the modal. */
  qrcode: z.string(),
  /** The 8-character code typed on the phone under "Link with phone number", when that was asked for. */
  pairingCode: z.string(),
  retries: z.number(),
});
export type WhatsappSession = z.infer<typeof whatsappSessionSchema>;

export const whatsappSessionEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), session: whatsappSessionSchema }),
  /** A connected session went down: admins are told at once, whatever page they are on. */
  z.object({
    action: z.literal('dropped'),
    whatsappId: z.number(),
    name: z.string(),
    reason: z.string(),
  }),
]);
export type WhatsappSessionEvent = z.infer<typeof whatsappSessionEvent>;

/** `POST /whatsappsession/{id}`: a phone number asks for a pairing code instead of a QR. */
export const startSessionBody = z
  .object({
    pairingNumber: z.string().regex(/^\d{10,15}$/, 'Country code, area code and number, digits only'),
  })
  .partial()
  .default({});

export const connectionHistoryResponse = z.object({
  events: z.array(
    z.object({ status: z.enum(sessionStatuses), reason: z.string().nullable(), createdAt: z.string() }),
  ),
  hasMore: z.boolean(),
});
export type ConnectionHistory = z.infer<typeof connectionHistoryResponse>;

export const connectionHistoryQuery = z.object({ pageNumber: z.coerce.number().int().min(1).default(1) });

/** `POST /contacts/import/chats`: how many of the phone's chats became contacts. */
export const importChatsResponse = z.object({ imported: z.number(), total: z.number() });

/** `importMessages-{companyId}`: a history import's progress, then `refresh` when it is done. */
export const importMessagesEvent = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('update'),
    whatsappId: z.number(),
    status: z.object({ this: z.number(), all: z.number() }),
  }),
  z.object({ action: z.literal('refresh'), whatsappId: z.number() }),
]);
export type ImportMessagesEvent = z.infer<typeof importMessagesEvent>;
