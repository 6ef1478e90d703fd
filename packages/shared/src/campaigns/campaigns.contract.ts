import { z } from 'zod';
import { sendTemplateBody } from '../messages/templates.contract.js';
import { dbId, MAX_ID, msg, pageNumber, plainText, requiredText } from '../validation.js';

/** Spec 001 §9. A new campaign is INATIVA; one with a schedule is PROGRAMADA. */
const campaignStatuses = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Spec 001 §9: a campaign is editable while INATIVA, or PROGRAMADA more than an hour ahead. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60_000;
const CAMPAIGN_MESSAGE_MAX = 4096;

/** Spec 001 §9: the settings' choices and defaults (seconds, or a message count). */
export const campaignIntervalChoices = {
  messageInterval: [0, 5, 10, 15, 20],
  longerIntervalAfter: [0, 5, 10, 15, 20],
  greaterInterval: [0, 20, 30, 40, 50, 60],
} as const;
export const campaignSettingDefaults = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
} as const;

export const campaignMessageKeys = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const campaignConfirmationKeys = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;

/**
 * The WhatsApp Cloud API template a campaign sends on its Cloud API connections instead of its first
 * text (protocols §2.6: the only message Meta takes outside the 24-hour window). Its values are filled
 * per recipient as the messages are: `{nome}`, `{numero}`, `{email}` and the custom variables.
 */
const campaignTemplateSchema = sendTemplateBody;
export type CampaignTemplate = z.infer<typeof campaignTemplateSchema>;

const messages = z.object({
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
});

export const campaignSchema = messages.extend({
  id: z.number(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  confirmation: z.boolean(),
  contactListId: z.number().nullable(),
  contactList: z.object({ id: z.number(), name: z.string() }).nullable(),
  tagListId: z.number().nullable(),
  /** The connections that share the sends. */
  connectionIds: z.array(z.number()),
  /** Spec 001 §3: the same ids comma-separated, as the replaced product's clients read and send them. */
  whatsappId: z.string(),
  connections: z.array(z.object({ id: z.number(), name: z.string() })),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** A signed link to the attached file, or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  template: campaignTemplateSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

const messageText = plainText(CAMPAIGN_MESSAGE_MAX);
const campaignFields = {
  name: requiredText(2, 50),
  confirmation: z.boolean(),
  contactListId: dbId().nullable(),
  tagListId: dbId().nullable(),
  connectionIds: z.array(dbId()).max(50),
  /** Accepted instead of connectionIds: "1,2,3" or a single id. */
  whatsappId: z.union([z.string().trim().max(500), dbId()]),
  /** Without an offset it is the company's wall clock; null removes the schedule. */
  scheduledAt: z.iso.datetime({ offset: true, local: true, error: msg.invalidValue }).nullable(),
  /** Null sends the messages as text on every connection. */
  template: campaignTemplateSchema.nullable(),
  message1: messageText,
  message2: messageText,
  message3: messageText,
  message4: messageText,
  message5: messageText,
  confirmationMessage1: messageText,
  confirmationMessage2: messageText,
  confirmationMessage3: messageText,
  confirmationMessage4: messageText,
  confirmationMessage5: messageText,
};

/** Spec 001 §4: name 2–50 and at least one connection (by connectionIds or whatsappId). */
export const createCampaignBody = z.object(campaignFields).partial().required({ name: true });
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;
export const updateCampaignBody = z.object(campaignFields).partial();
export type UpdateCampaignBody = z.infer<typeof updateCampaignBody>;

/** `GET /campaigns/templates`: the templates every Cloud API connection among these offers. */
export const campaignTemplatesQuery = z.object({ connectionIds: z.string().trim().max(500) });

export const listCampaignsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export const listCampaignsResponse = z.object({
  records: z.array(campaignSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

/** The report page's figures (spec 001 §2), counted over the campaign's shipping records. */
export const campaignReportSchema = z.object({
  campaign: campaignSchema,
  /** Recipients with a number the connection confirmed (or, on channels that cannot check, every recipient). */
  validContacts: z.number(),
  confirmationRequested: z.number(),
  confirmationReceived: z.number(),
  delivered: z.number(),
  failed: z.number(),
  /** Recipients who answered no or the opt-out word of a confirmation campaign. */
  declined: z.number(),
  /** Confirmation requests that were never answered before the campaign ended. */
  expired: z.number(),
  /** When the last pending send is expected, from the settings' pacing; null when nothing is pending. */
  expectedFinishAt: z.string().nullable(),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

export const campaignVariableSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, msg.required)
    .max(50, msg.tooLong)
    .regex(/^[\p{L}\p{N}_]+$/u, msg.invalidValue),
  value: plainText(1000),
});
export type CampaignVariable = z.infer<typeof campaignVariableSchema>;

export const campaignSettingsSchema = z.object({
  messageInterval: z.number().int().min(0).max(3600),
  longerIntervalAfter: z.number().int().min(0).max(MAX_ID),
  greaterInterval: z.number().int().min(0).max(3600),
  variables: z.array(campaignVariableSchema).max(200),
});
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

/** `GET /campaign-settings`: spec 001 §3, key/value pairs with JSON-encoded values. */
export const campaignSettingsResponse = z.array(z.object({ key: z.string(), value: z.string() }));
/** `POST /campaign-settings`: the replaced product's clients send `{ settings }`; omitted keys keep their value. */
export const campaignSettingsBody = z.object({ settings: campaignSettingsSchema.partial() });

/** `company-{id}-campaign`: list changes, and the report's counts as sends go out (throttled). */
export const campaignEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: campaignSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
  z.object({ action: z.literal('progress'), report: campaignReportSchema }),
]);
export type CampaignEvent = z.infer<typeof campaignEvent>;

/**
 * Spec 001 §2: a campaign may be saved while INATIVA, CANCELADA, or PROGRAMADA more than an hour
 * ahead (the dispatcher picks a PROGRAMADA campaign up before its time, so a late edit could race the
 * sends already planned). The server enforces it; the dialog mirrors it as read-only.
 */
export function isCampaignEditable(status: CampaignStatus, scheduledAt: Date | null, now: Date): boolean {
  if (status === 'INATIVA' || status === 'CANCELADA') return true;
  if (status !== 'PROGRAMADA' || !scheduledAt) return false;
  return scheduledAt.getTime() - now.getTime() > CAMPAIGN_EDIT_LEAD_MS;
}

/** The recipient's fields a message may name, written `{nome}` (the replaced product's names), beside the custom variables. */
export const campaignBuiltinVariables = ['nome', 'numero', 'email'] as const;

/**
 * `GET /whatsapp/:id/budget`: the connection's send budget, shared by every sender on it. Campaign
 * sends keep `minGapSeconds` (plus a random `jitterSeconds`) apart and stop for the day at
 * `dailyLimit` (null: no daily limit); conversation replies are never held by it.
 */
export const sendBudgetSchema = z.object({
  connectionId: z.number(),
  channel: z.string(),
  minGapSeconds: z.number(),
  jitterSeconds: z.number(),
  dailyLimit: z.number().nullable(),
  /** Campaign sends on the connection in the last 24 hours. */
  usedToday: z.number(),
  /** Campaigns running with this connection among theirs. */
  runningCampaigns: z.number(),
});
export type SendBudget = z.infer<typeof sendBudgetSchema>;
