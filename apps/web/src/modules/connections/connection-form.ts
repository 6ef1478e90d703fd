import {
  type Channel,
  type Connection,
  defaultServiceHours,
  type SaveConnectionBody,
  saveConnectionBody,
} from '@balcao/shared';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';

export type ConnectionFormInput = z.input<typeof saveConnectionBody>;
export type ConnectionFormOutput = SaveConnectionBody;
export const connectionForm = saveConnectionBody;

export type DialogTab = 'general' | 'integrations' | 'messages' | 'chatbot' | 'nps' | 'schedules';

/** Which tab shows each field, so a refused save opens the tab holding the mistake. */
const fieldTabs: Record<string, DialogTab> = {
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  ratingMessage: 'nps',
  integrationId: 'integrations',
  promptId: 'integrations',
  wavoip: 'integrations',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  maxUseBotQueuesNps: 'nps',
  expiresTicketNps: 'nps',
  schedules: 'schedules',
};
export const tabOfField = (name: string): DialogTab => fieldTabs[name] ?? 'general';

export const connectionFieldNames: readonly Path<ConnectionFormInput>[] = [
  'name',
  'isDefault',
  'number',
  'phoneNumberId',
  'wabaId',
  'facebookPageUserId',
  'instagramAccountId',
  'accessToken',
  'queueIds',
  'importOldMessages',
  'importRecentMessages',
  ...(Object.keys(fieldTabs) as Path<ConnectionFormInput>[]),
];

/** The form's starting values: the connection's own, or the defaults of a new one. */
export function connectionFormDefaults(connection: Connection | null, channel: Channel): ConnectionFormInput {
  const c = connection;
  return {
    name: c?.name ?? '',
    channel: c?.channel ?? channel,
    isDefault: c?.isDefault ?? false,
    number: c?.number ?? '',
    greetingMessage: c?.greetingMessage ?? '',
    complationMessage: c?.complationMessage ?? '',
    outOfHoursMessage: c?.outOfHoursMessage ?? '',
    ratingMessage: c?.ratingMessage ?? '',
    maxUseBotQueues: c?.maxUseBotQueues ?? 3,
    maxUseBotQueuesNps: c?.maxUseBotQueuesNps ?? 3,
    expiresTicket: c?.expiresTicket ?? 0,
    expiresTicketNps: c?.expiresTicketNps ?? 0,
    allowGroup: c?.allowGroup ?? false,
    groupAsTicket: c?.groupAsTicket ?? 'disabled',
    timeUseBotQueues: c?.timeUseBotQueues ?? 0,
    timeSendQueue: (c?.timeSendQueue ?? 0) as ConnectionFormInput['timeSendQueue'],
    sendIdQueue: c?.sendIdQueue ?? null,
    expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
    timeInactiveMessage: c?.timeInactiveMessage ?? 0,
    inactiveMessage: c?.inactiveMessage ?? '',
    whenExpiresTicket: c?.whenExpiresTicket ?? '0',
    timeCreateNewTicket: c?.timeCreateNewTicket ?? 0,
    importOldMessages: c?.importOldMessages ?? null,
    importRecentMessages: c?.importRecentMessages ?? null,
    importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
    closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
    integrationId: c?.integrationId ?? null,
    promptId: c?.promptId ?? null,
    wavoip: c?.wavoip ?? '',
    queueIds: c?.queueIds ?? [],
    schedules: c?.schedules.length
      ? (c.schedules as ConnectionFormInput['schedules'])
      : defaultServiceHours(),
    phoneNumberId: c?.phoneNumberId ?? null,
    wabaId: c?.wabaId ?? null,
    facebookPageUserId: c?.facebookPageUserId ?? null,
    instagramAccountId: c?.instagramAccountId ?? null,
    accessToken: '',
  };
}

/** Editing a connected WhatsApp session with an import date set restarts its session (spec 000 §4). */
export const restartsSession = (connection: Connection | null, values: ConnectionFormInput) =>
  connection?.channel === 'whatsapp' &&
  connection.status === 'CONNECTED' &&
  Boolean(values.importOldMessages || values.importRecentMessages);

export const isMeta = (channel: Channel) =>
  channel === 'whatsappapi' || channel === 'facebook' || channel === 'instagram';
