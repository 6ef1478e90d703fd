import { z } from 'zod';
import { plainText, requiredText } from '../validation.js';

export const channels = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat'] as const;
export type Channel = (typeof channels)[number];
export const connectionStatuses = [
  'CONNECTED',
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
] as const;

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

export const saveConnectionBody = z.object({
  name: requiredText(2, 50),
  channel: z.enum(channels).default('whatsapp'),
  isDefault: z.boolean().default(false),
  greetingMessage: plainText(4000).default(''),
  complationMessage: plainText(4000).default(''),
  outOfHoursMessage: plainText(4000).default(''),
  ratingMessage: plainText(4000).default(''),
});
export type SaveConnectionBody = z.infer<typeof saveConnectionBody>;
export const updateConnectionBody = saveConnectionBody.omit({ channel: true }).partial();

export const connectionsListResponse = z.array(connectionSchema);

export const connectionEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), whatsapp: connectionSchema }),
  z.object({ action: z.literal('delete'), whatsappId: z.number() }),
]);

/** What a website widget learns about its connection before a visitor writes. */
export const webchatInfoResponse = z.object({ name: z.string(), greetingMessage: z.string() });
