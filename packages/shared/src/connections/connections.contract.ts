import { z } from 'zod';
import { plainText, requiredText } from '../validation.js';

export const channels = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat'] as const;
export type Channel = (typeof channels)[number];
const connectionStatuses = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;

export const connectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.enum(channels),
  status: z.enum(connectionStatuses),
  isDefault: z.boolean(),
  /** 30 uppercase letters and digits: authenticates the external API and identifies a webchat widget. */
  token: z.string(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

const connectionFields = {
  name: requiredText(2, 50),
  isDefault: z.boolean(),
  greetingMessage: plainText(4000),
  complationMessage: plainText(4000),
  outOfHoursMessage: plainText(4000),
  ratingMessage: plainText(4000),
};

export const saveConnectionBody = z.object({
  ...connectionFields,
  channel: z.enum(channels).default('whatsapp'),
  isDefault: connectionFields.isDefault.default(false),
  greetingMessage: connectionFields.greetingMessage.default(''),
  complationMessage: connectionFields.complationMessage.default(''),
  outOfHoursMessage: connectionFields.outOfHoursMessage.default(''),
  ratingMessage: connectionFields.ratingMessage.default(''),
});
export type SaveConnectionBody = z.infer<typeof saveConnectionBody>;
/** Partial means partial: built from the fields without their creation defaults, so an omitted field is kept. */
export const updateConnectionBody = z.object(connectionFields).partial();

export const connectionsListResponse = z.array(connectionSchema);

export const connectionEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), whatsapp: connectionSchema }),
  z.object({ action: z.literal('delete'), whatsappId: z.number() }),
]);

/** What a website widget learns about its connection before a visitor writes. */
export const webchatInfoResponse = z.object({ name: z.string(), greetingMessage: z.string() });
