import type { ErrorCode } from '@balcao/shared';
import { receive } from '../../inbox/receive.js';
import type { InboundMessage } from '../../modules/messages/messages.inbound-message.js';
import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../../platform/provider-connections.js';
import { recordStatus } from '../graph/graph.acks.js';
import { writtenAt } from '../graph/graph.time.js';
import { unsupportedContent } from '../graph/graph.traces.js';
import { type WebhookDelivery, webhookDelivery } from '../graph/webhook-delivery.js';
import { cloudContentOf } from './cloud-api.content.js';
import {
  type CloudContact,
  type CloudStatus,
  cloudChange,
  cloudContact,
  cloudEntry,
  cloudEnvelope,
  cloudMessage,
  cloudStatus,
  looseCloudMessage,
} from './cloud-api.payloads.js';

const statusAck: Record<string, number> = { sent: 1, delivered: 2, read: 3, played: 4, failed: -1 };

/** Meta's failure codes that the web can say in words; others keep the generic one. */
const failureReasons: Record<number, ErrorCode> = {
  131047: 'ERR_OUTSIDE_WINDOW',
  131026: 'ERR_RECIPIENT_UNAVAILABLE',
  131030: 'ERR_RECIPIENT_UNAVAILABLE',
  132000: 'ERR_TEMPLATE_PARAMS',
  132001: 'ERR_TEMPLATE_NOT_FOUND',
};
const failureReason = (code: number | undefined): ErrorCode =>
  (code !== undefined && failureReasons[code]) || 'ERR_SENDING_WAPP_MSG';

/** One delivery of the `whatsapp_business_account` webhook: entries of changes of messages and statuses. */
export async function handleCloudApiWebhook(deps: AppDeps, payload: unknown) {
  const delivery = webhookDelivery(deps, 'whatsapp_business_account');
  const envelope = cloudEnvelope.safeParse(payload);
  if (!envelope.success) await delivery.reject(payload, 'not a Cloud API delivery');
  else
    await delivery.each(envelope.data.entry, async (raw) => {
      const entry = cloudEntry.safeParse(raw);
      if (!entry.success) return delivery.reject(raw, 'unreadable entry');
      await delivery.each(entry.data.changes, (change) => handleChange(deps, delivery, change));
    });
  delivery.finish();
}

async function handleChange(deps: AppDeps, delivery: WebhookDelivery, raw: unknown) {
  const change = cloudChange.safeParse(raw);
  if (!change.success) return delivery.reject(raw, 'unreadable change');
  const { value } = change.data;
  const phoneNumberId = value.metadata?.phone_number_id;
  // The app's other subscribed fields (template statuses, account updates) name no number: not messages.
  if (!phoneNumberId) return;
  const connection = await deps.providerConnections.find('whatsappapi', phoneNumberId);
  if (!connection) {
    deps.log.warn({ phoneNumberId }, 'Cloud API webhook for an unknown phone number');
    return;
  }
  if (value.errors?.length)
    deps.log.warn({ connectionId: connection.id, errors: value.errors }, 'Cloud API webhook reports errors');
  const contacts: CloudContact[] = [];
  await delivery.each(value.contacts ?? [], async (raw) => {
    const contact = cloudContact.safeParse(raw);
    if (contact.success) contacts.push(contact.data);
    else await delivery.reject(raw, 'unreadable contact', connection);
  });
  await delivery.each(value.messages ?? [], (message) =>
    receiveCloudMessage(deps, delivery, connection, contacts, message),
  );
  await delivery.each(value.statuses ?? [], async (raw) => {
    const status = cloudStatus.safeParse(raw);
    if (status.success) await recordCloudStatus(deps, connection, status.data);
    else await delivery.reject(raw, 'unreadable status', connection);
  });
}

async function recordCloudStatus(deps: AppDeps, connection: ConnectionRow, status: CloudStatus) {
  const ack = statusAck[status.status];
  if (ack === undefined) return;
  await recordStatus(deps, {
    companyId: connection.companyId,
    connectionId: connection.id,
    externalId: status.id,
    ack,
    reason: ack < 0 ? failureReason(status.errors?.[0]?.code) : undefined,
    callbackData: status.biz_opaque_callback_data,
  });
}

/**
 * A message of a shape this does not read is still traced in its sender's ticket when its id and
 * sender can be read; otherwise it is rejected.
 */
async function receiveCloudMessage(
  deps: AppDeps,
  delivery: WebhookDelivery,
  connection: ConnectionRow,
  contacts: CloudContact[],
  raw: unknown,
) {
  const parsed = cloudMessage.safeParse(raw);
  const message = parsed.success ? parsed.data : looseCloudMessage.safeParse(raw).data;
  const sender = message && senderOf(message, contacts);
  if (!message || !sender) return delivery.reject(raw, 'message without an id or a sender', connection);
  const content = parsed.success
    ? cloudContentOf(deps, connection, parsed.data)
    : unsupportedContent(message.type ?? '');
  if (!content) return;
  const input: InboundMessage = {
    companyId: connection.companyId,
    connectionId: connection.id,
    channel: 'whatsappapi',
    ...sender,
    externalId: message.id,
    quotedExternalId: parsed.data?.context?.id,
    // Seconds since the epoch, as text.
    sentAt: writtenAt(Number(message.timestamp) * 1000),
    ...content,
  };
  await receive(deps, input, { connection });
}

/**
 * Who wrote: by their BSUID when Meta names it (it stays when a username withholds the phone), the
 * phone then linked beside it; by the phone alone before that. A change with a single sender may name
 * them only in its contacts.
 */
function senderOf(
  message: { from?: string; from_user_id?: string },
  contacts: CloudContact[],
): Pick<InboundMessage, 'identity' | 'contact' | 'alsoKnownAs'> | undefined {
  const named = !message.from && !message.from_user_id;
  const contact =
    contacts.find(
      (c) =>
        (message.from !== undefined && c.wa_id === message.from) ||
        (message.from_user_id !== undefined && c.user_id === message.from_user_id),
    ) ?? (named && contacts.length === 1 ? contacts[0] : undefined);
  const phone = message.from ?? contact?.wa_id;
  const bsuid = message.from_user_id ?? contact?.user_id;
  const name = contact?.profile?.name || contact?.profile?.username || phone || bsuid || '';
  if (bsuid)
    return {
      identity: { kind: 'bsuid', value: bsuid },
      contact: { name, number: phone ?? null },
      alsoKnownAs: phone ? [{ kind: 'phone', value: phone }] : undefined,
    };
  if (phone) return { identity: { kind: 'phone', value: phone }, contact: { name, number: phone } };
  return undefined;
}
