import { META_ID } from '@balcao/shared';
import { receive } from '../../inbox/receive.js';
import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../../platform/provider-connections.js';
import { recordStatus, recordWatermark } from '../graph/graph.acks.js';
import type { GraphClient } from '../graph/graph.client.js';
import { writtenAt } from '../graph/graph.time.js';
import { unsupportedContent } from '../graph/graph.traces.js';
import { type WebhookDelivery, webhookDelivery } from '../graph/webhook-delivery.js';
import { contactName, isOurEcho } from './messenger.contacts.js';
import { type MessagingContent, messagingContentOf } from './messenger.content.js';
import {
  entryId,
  looseMessagingMessage,
  type MessagingEvent,
  messagingEntry,
  messagingEnvelope,
  messagingEvent,
} from './messenger.payloads.js';

/** Per surface: the channel whose connection its entry id names, and the sender id's kind. */
const surfaces = {
  page: { channel: 'facebook', kind: 'psid' },
  instagram: { channel: 'instagram', kind: 'igsid' },
} as const;
type Surface = (typeof surfaces)[keyof typeof surfaces];

/** One delivery of a `page` (Messenger) or `instagram` webhook: entries of events, each read on its own. */
export async function handleMessagingWebhook(deps: AppDeps, graph: GraphClient, payload: unknown) {
  const envelope = messagingEnvelope.safeParse(payload);
  const object = (payload as { object?: unknown } | null)?.object;
  const delivery = webhookDelivery(deps, typeof object === 'string' ? object : 'page');
  if (!envelope.success) await delivery.reject(payload, 'not a messaging delivery');
  else {
    const surface = surfaces[envelope.data.object];
    await delivery.each(envelope.data.entry, (raw) => handleEntry(deps, graph, delivery, surface, raw));
  }
  delivery.finish();
}

async function handleEntry(
  deps: AppDeps,
  graph: GraphClient,
  delivery: WebhookDelivery,
  surface: Surface,
  raw: unknown,
) {
  const entry = entryId.safeParse(raw).data;
  if (!entry) return delivery.reject(raw, 'unreadable entry');
  const connection = await deps.providerConnections.find(surface.channel, entry.id);
  if (!connection) {
    deps.log.warn({ entry: entry.id, channel: surface.channel }, 'webhook for an unknown page or account');
    return;
  }
  const events = messagingEntry.safeParse(raw).data?.messaging;
  if (!events) return delivery.reject(raw, 'unreadable entry', connection);
  await delivery.each(events, async (raw) => {
    const event = messagingEvent.safeParse(raw);
    const handled = event.success
      ? await handleEvent(deps, graph, connection, surface, event.data)
      : await traceUnreadable(deps, graph, connection, surface, raw);
    if (!handled) await delivery.reject(raw, 'event not handled', connection);
  });
}

/** Answers whether the event was one this reads (stored, applied, or nothing to store by its nature). */
async function handleEvent(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  surface: Surface,
  event: MessagingEvent,
): Promise<boolean> {
  const target = { companyId: connection.companyId, connectionId: connection.id };
  if (event.delivery) {
    const { mids, watermark } = event.delivery;
    if (mids?.length)
      for (const externalId of mids) await recordStatus(deps, { ...target, externalId, ack: 2 });
    else
      await recordWatermark(
        deps,
        { ...target, identity: { kind: surface.kind, value: event.sender.id } },
        watermark,
        2,
      );
    return true;
  }
  if (event.read) {
    if (event.read.mid) await recordStatus(deps, { ...target, externalId: event.read.mid, ack: 3 });
    else if (event.read.watermark)
      await recordWatermark(
        deps,
        { ...target, identity: { kind: surface.kind, value: event.sender.id } },
        event.read.watermark,
        3,
      );
    return true;
  }
  // Opt-ins, referrals, edits, handover: events this does not store.
  if (!event.message && !event.postback && !event.reaction) return false;
  const echo = event.message?.is_echo === true;
  // An echo is the page writing to the customer: the customer is its recipient.
  const customerId = echo ? event.recipient.id : event.sender.id;
  // The id goes into a Graph path (the profile) with the page token: anything but Meta's digits is refused.
  if (!META_ID.test(customerId)) return false;
  const contents = messagingContentOf(deps, connection, event, customerId);
  if (!contents.length) return true;
  if (echo && (await isOurEcho(deps, connection, event, customerId))) {
    // Our send's echo carries our message id: it settles a send whose own answer was lost.
    const { mid, metadata } = event.message ?? {};
    if (mid && metadata)
      await recordStatus(deps, { ...target, externalId: mid, ack: 1, callbackData: metadata });
    return true;
  }
  const from = { customerId, fromMe: echo, sentAt: writtenAt(event.timestamp) };
  await receiveContents(deps, graph, connection, surface, from, contents);
  return true;
}

/** A message event of a shape this does not read is traced in its sender's ticket, when it names one. */
async function traceUnreadable(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  surface: Surface,
  raw: unknown,
): Promise<boolean> {
  const event = looseMessagingMessage.safeParse(raw).data;
  if (!event) return false;
  const fromMe = event.message.is_echo === true;
  const customerId = fromMe ? event.recipient.id : event.sender.id;
  if (!META_ID.test(customerId)) return false;
  const trace = { externalId: event.message.mid, ...unsupportedContent('') };
  await receiveContents(deps, graph, connection, surface, { customerId, fromMe }, [trace]);
  return true;
}

async function receiveContents(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  surface: Surface,
  from: { customerId: string; fromMe: boolean; sentAt?: Date },
  contents: MessagingContent[],
) {
  const name = await contactName(deps, graph, connection, surface.kind, from.customerId);
  for (const content of contents)
    await receive(
      deps,
      {
        companyId: connection.companyId,
        connectionId: connection.id,
        channel: surface.channel,
        identity: { kind: surface.kind, value: from.customerId },
        contact: { name },
        fromMe: from.fromMe,
        sentAt: from.sentAt,
        ...content,
      },
      { connection },
    );
}
