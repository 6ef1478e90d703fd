import { z } from 'zod';
import { facebookSdkSettings } from '../connections/facebook.contract.js';
import { dbIdText, plainText } from '../validation.js';

const toggle = z.enum(['enabled', 'disabled']);
const freeText = plainText(4000);
/** Sent to customers as a link to click, so only a web address, or nothing. */
const webLink = z
  .string()
  .max(2000)
  .refine((value) => value === '' || /^https?:\/\/[^\s\0]+$/.test(value));

/**
 * Every company setting with its accepted values and its default (spec 000 §3, 001 §3).
 * A company without a stored row reads the default.
 */
export const settingDefinitions = {
  userCreation: { schema: toggle, default: 'enabled' },
  userRating: { schema: toggle, default: 'disabled' },
  scheduleType: { schema: z.enum(['disabled', 'queue', 'company', 'connection']), default: 'disabled' },
  chatBotType: { schema: z.enum(['text']), default: 'text' },
  acceptCallWhatsapp: { schema: toggle, default: 'enabled' },
  userRandom: { schema: toggle, default: 'disabled' },
  sendGreetingMessageOneQueues: { schema: toggle, default: 'enabled' },
  sendSignMessage: { schema: toggle, default: 'enabled' },
  sendFarewellWaitingTicket: { schema: toggle, default: 'disabled' },
  sendGreetingAccepted: { schema: toggle, default: 'disabled' },
  sendMessageOutExpedientTicketOpen: { schema: toggle, default: 'disabled' },
  sendQueuePosition: { schema: toggle, default: 'disabled' },
  acceptAudioMessageContact: { schema: toggle, default: 'enabled' },
  enableLGPD: { schema: toggle, default: 'disabled' },
  requiredTag: { schema: toggle, default: 'disabled' },
  lgpdDeleteMessage: { schema: toggle, default: 'disabled' },
  lgpdHideNumber: { schema: toggle, default: 'disabled' },
  lgpdConsent: { schema: toggle, default: 'disabled' },
  lgpdMessage: { schema: freeText, default: '' },
  lgpdLink: { schema: webLink, default: '' },
  sendMsgTransfTicket: { schema: toggle, default: 'disabled' },
  /** Admins must sign in with a second step; one without it is sent to enrol before anything else. */
  requireAdminTwoFactor: { schema: toggle, default: 'disabled' },
  /** The platform's payment-provider credential: written by the super user, never read back. */
  paymentGatewayToken: { schema: freeText, default: '' },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];
export const secretSettingKeys: readonly SettingKey[] = ['paymentGatewayToken'];
/** Settings that belong to the platform (company 1) and only the super user changes. */
export const platformSettingKeys: readonly SettingKey[] = ['userCreation', 'paymentGatewayToken'];

const settingKeySchema = z.enum(settingKeys as [SettingKey, ...SettingKey[]]);

export const settingSchema = z.object({ key: settingKeySchema, value: z.string() });
export type Setting = z.infer<typeof settingSchema>;
export type CompanySettings = Record<SettingKey, string>;

export const settingsListResponse = z.array(settingSchema);
export const settingKeyParams = z.object({ key: settingKeySchema });
export const updateSettingBody = z.object({ value: plainText(4000) });
export const companySettingsParams = z.object({ companyId: dbIdText() });
export const companySettingsResponse = z.record(z.string(), z.string());
export const companySettingOneQuery = z.object({ column: settingKeySchema });
export const updateCompanySettingBody = z.object({ column: settingKeySchema, data: plainText(4000) });

/** company-{id}-settings: a changed setting, for every user of the company (all may read settings). */
export const settingEvent = z.object({ action: z.literal('update'), setting: settingSchema });

/** What the web app reads before sign-in: whether sign-up is open, the Facebook SDK's settings, recovery by e-mail. */
export const publicSettingsResponse = z.object({
  signupEnabled: z.boolean(),
  facebook: facebookSdkSettings,
  /** Whether /recovery-password may offer a code by e-mail (the server has an SMTP server); absent, it may not. */
  recoveryByEmail: z.boolean().default(false),
});
