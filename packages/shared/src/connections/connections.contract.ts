import { z } from 'zod';
import { optionalServiceHoursSchema } from '../queues/queues.contract.js';
import { dbId, msg, plainText, requiredText } from '../validation.js';

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
  qrcode: z.string(),
  retries: z.number(),
  number: z.string(),
  provider: z.string(),
  maxUseBotQueues: z.number(),
  maxUseBotQueuesNps: z.number(),
  expiresTicket: z.number(),
  expiresTicketNps: z.number(),
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['disabled', 'enabled']),
  timeUseBotQueues: z.number(),
  timeSendQueue: z.number(),
  sendIdQueue: z.number().nullable(),
  expiresInactiveMessage: z.string(),
  timeInactiveMessage: z.number(),
  inactiveMessage: z.string(),
  whenExpiresTicket: z.enum(['0', '1']),
  timeCreateNewTicket: z.number(),
  /** A signed link to the greeting's media, or null. */
  greetingMediaAttachment: z.string().nullable(),
  importRecentMessages: z.string().nullable(),
  importOldMessages: z.string().nullable(),
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  statusImportMessages: z.string().nullable(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  wavoip: z.string(),
  queueIds: z.array(z.number()),
  schedules: z.array(
    z.object({
      weekday: z.string().optional(),
      weekdayEn: z.string(),
      startTimeA: z.string(),
      endTimeA: z.string(),
      startTimeB: z.string(),
      endTimeB: z.string(),
    }),
  ),
  /** Meta ids: the Cloud API phone number and business account, the Facebook page, the Instagram account. */
  phoneNumberId: z.string().nullable(),
  wabaId: z.string().nullable(),
  facebookPageUserId: z.string().nullable(),
  instagramAccountId: z.string().nullable(),
  /** Whether a Meta token is stored; the token itself never leaves the server. */
  hasAccessToken: z.boolean(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** Spec 000 §9: minutes a ticket may wait before moving to the chosen queue. */
export const TIME_SEND_QUEUE_OPTIONS = [0, 5, 10, 15, 20, 25, 30, 60] as const;
/** Spec 000 §9: history import looks back at most two years. */
const IMPORT_LOOKBACK_MS = 2 * 365 * 24 * 3600_000;

const minutes = z.number().int().min(0).max(525_600);
/** Ids Meta issues (phone numbers, WABAs, pages, Instagram accounts, media, customers): digits only. */
export const META_ID = /^\d{1,30}$/;
const metaId = z.string().trim().regex(META_ID, msg.invalidValue).nullable();
const isoDate = z.iso.datetime({ offset: true }).nullable();

const connectionFields = {
  name: requiredText(2, 50),
  isDefault: z.boolean(),
  greetingMessage: plainText(4000),
  complationMessage: plainText(4000),
  outOfHoursMessage: plainText(4000),
  ratingMessage: plainText(4000),
  /** Country code, area code and number, digits only (no mask). */
  number: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, msg.invalidValue),
  maxUseBotQueues: z.number().int().min(0).max(99),
  maxUseBotQueuesNps: z.number().int().min(0).max(99),
  expiresTicket: minutes,
  expiresTicketNps: minutes,
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['disabled', 'enabled']),
  timeUseBotQueues: minutes,
  timeSendQueue: z.union(TIME_SEND_QUEUE_OPTIONS.map((n) => z.literal(n))),
  sendIdQueue: dbId().nullable(),
  expiresInactiveMessage: plainText(4000),
  timeInactiveMessage: minutes,
  inactiveMessage: plainText(4000),
  whenExpiresTicket: z.enum(['0', '1']),
  timeCreateNewTicket: minutes,
  importRecentMessages: isoDate,
  importOldMessages: isoDate,
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  integrationId: dbId().nullable(),
  promptId: dbId().nullable(),
  wavoip: plainText(500),
  queueIds: z.array(dbId()).max(100),
  schedules: optionalServiceHoursSchema,
  phoneNumberId: metaId,
  wabaId: metaId,
  facebookPageUserId: metaId,
  instagramAccountId: metaId,
  /** Written, never read back: the Cloud API system-user token or a page token. */
  accessToken: z.string().trim().max(1000),
};

type ImportDates = { importOldMessages?: string | null; importRecentMessages?: string | null };

/** Spec 000 §5: old from at most two years back up to now; recent not before old and not after now. */
function checkImportDates(value: ImportDates, ctx: z.RefinementCtx) {
  const now = Date.now();
  const old = value.importOldMessages ? Date.parse(value.importOldMessages) : undefined;
  const recent = value.importRecentMessages ? Date.parse(value.importRecentMessages) : undefined;
  if (old !== undefined && (old > now || old < now - IMPORT_LOOKBACK_MS))
    ctx.addIssue({ code: 'custom', path: ['importOldMessages'], message: msg.invalidValue });
  if (recent !== undefined && (recent > now || (old !== undefined && recent < old)))
    ctx.addIssue({ code: 'custom', path: ['importRecentMessages'], message: msg.invalidValue });
}

const optionalFields = {
  ...connectionFields,
  channel: z.enum(channels),
};

export const saveConnectionBody = z
  .object({
    ...connectionFields,
    channel: z.enum(channels).default('whatsapp'),
    isDefault: connectionFields.isDefault.default(false),
    greetingMessage: connectionFields.greetingMessage.default(''),
    complationMessage: connectionFields.complationMessage.default(''),
    outOfHoursMessage: connectionFields.outOfHoursMessage.default(''),
    ratingMessage: connectionFields.ratingMessage.default(''),
  })
  .partial({
    number: true,
    maxUseBotQueues: true,
    maxUseBotQueuesNps: true,
    expiresTicket: true,
    expiresTicketNps: true,
    allowGroup: true,
    groupAsTicket: true,
    timeUseBotQueues: true,
    timeSendQueue: true,
    sendIdQueue: true,
    expiresInactiveMessage: true,
    timeInactiveMessage: true,
    inactiveMessage: true,
    whenExpiresTicket: true,
    timeCreateNewTicket: true,
    importRecentMessages: true,
    importOldMessages: true,
    importOldMessagesGroups: true,
    closedTicketsPostImported: true,
    integrationId: true,
    promptId: true,
    wavoip: true,
    queueIds: true,
    schedules: true,
    phoneNumberId: true,
    wabaId: true,
    facebookPageUserId: true,
    instagramAccountId: true,
    accessToken: true,
  })
  .superRefine(checkImportDates)
  .superRefine((value, ctx) => {
    // A Cloud API number cannot send or be found by its webhooks without its id.
    if (value.channel === 'whatsappapi' && !value.phoneNumberId)
      ctx.addIssue({ code: 'custom', path: ['phoneNumberId'], message: msg.required });
  });
export type SaveConnectionBody = z.infer<typeof saveConnectionBody>;
/** Partial means partial: built from the fields without their creation defaults, so an omitted field is kept. */
export const updateConnectionBody = z
  .object(optionalFields)
  .omit({ channel: true })
  .partial()
  .superRefine(checkImportDates);
export type UpdateConnectionBody = z.infer<typeof updateConnectionBody>;

export const connectionsListResponse = z.array(connectionSchema);

export const connectionEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), whatsapp: connectionSchema }),
  z.object({ action: z.literal('delete'), whatsappId: z.number() }),
]);

/** What a website widget learns about its connection before a visitor writes. */
export const webchatInfoResponse = z.object({ name: z.string(), greetingMessage: z.string() });

/** POST /facebook: the Facebook login of an admin, exchanged for the tokens of their pages. */
export const facebookLoginBody = z.object({
  facebookUserId: plainText(100),
  facebookUserToken: z.string().trim().min(1).max(1000),
  addInstagram: z.boolean().default(false),
});
export type FacebookLoginBody = z.infer<typeof facebookLoginBody>;
