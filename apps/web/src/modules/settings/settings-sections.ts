import { type Setting, type SettingKey, settingDefinitions } from '@balcao/shared';

export type SettingSection = 'service' | 'chatbot' | 'media' | 'lgpd' | 'security' | 'platform';

/**
 * The 'Opções' tab of the settings screen, in sections. The platform's payment credential is not here:
 * it belongs to the super user's billing screens, a later issue.
 */
export const settingSections: readonly { section: SettingSection; keys: readonly SettingKey[] }[] = [
  {
    section: 'service',
    keys: [
      'userRating',
      'requiredTag',
      'sendGreetingAccepted',
      'sendMsgTransfTicket',
      'sendFarewellWaitingTicket',
      'sendSignMessage',
      'userRandom',
    ],
  },
  {
    section: 'chatbot',
    keys: [
      'scheduleType',
      'sendMessageOutExpedientTicketOpen',
      'sendGreetingMessageOneQueues',
      'sendQueuePosition',
    ],
  },
  { section: 'media', keys: ['acceptCallWhatsapp', 'acceptAudioMessageContact'] },
  {
    section: 'lgpd',
    keys: ['enableLGPD', 'lgpdConsent', 'lgpdMessage', 'lgpdLink', 'lgpdDeleteMessage', 'lgpdHideNumber'],
  },
  { section: 'security', keys: ['requireAdminTwoFactor'] },
  // Only the super user may change it (spec 000 §6); the server lists it to company 1 alone.
  { section: 'platform', keys: ['userCreation'] },
];

/**
 * Kept by the API for clients of the spec, not shown: chatBotType has one value, 'text', and changes
 * nothing (docs/decisions.md, issue 19 item 12).
 */
export const unshownSettingKeys: readonly SettingKey[] = ['chatBotType'];

export interface ShownSection {
  section: SettingSection;
  settings: Setting[];
}

/** The sections with the settings the server listed for this user, in the screen's order. */
export function sectionsToShow(listed: readonly Setting[], isSuper: boolean): ShownSection[] {
  const byKey = new Map(listed.map((setting) => [setting.key, setting]));
  return settingSections
    .filter(({ section }) => isSuper || section !== 'platform')
    .map(({ section, keys }) => ({
      section,
      settings: keys.flatMap((key) => byKey.get(key) ?? []),
    }))
    .filter(({ settings }) => settings.length > 0);
}

export type SettingControl =
  | { kind: 'toggle' }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'text'; multiline: boolean };

/** The control follows the contract: on/off for enabled/disabled, a list for other choices, else text. */
export function controlFor(key: SettingKey): SettingControl {
  const schema = settingDefinitions[key].schema;
  if (!('options' in schema)) return { kind: 'text', multiline: key === 'lgpdMessage' };
  const options: readonly string[] = schema.options;
  const isToggle = options.length === 2 && options.includes('enabled') && options.includes('disabled');
  return isToggle ? { kind: 'toggle' } : { kind: 'choice', options };
}

/** Whether the contract takes this value for the key: the page refuses before the server does. */
export const isValidSettingValue = (key: SettingKey, value: string) =>
  settingDefinitions[key].schema.safeParse(value).success;
