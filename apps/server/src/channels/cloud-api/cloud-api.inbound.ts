import { META_ID } from '@balcao/shared';
import { type InboundMessage, receive } from '../../inbox/receive.js';
import { findByExternalId } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { recordStatus } from '../graph/graph.acks.js';
import type { GraphClient } from '../graph/graph.client.js';
import type { ConnectionRow } from '../graph/graph.connections.js';
import { storeReceivedMedia } from '../graph/graph.media.js';
import { graphToken } from '../graph/graph.token.js';
import { type CloudMessage, type CloudStatus, cloudWebhook } from './cloud-api.payloads.js';

const mediaTypes = new Set(['image', 'video', 'audio', 'document', 'sticker']);

const statusAck: Record<string, number> = { sent: 1, delivered: 2, read: 3, played: 4, failed: -1 };

/** Meta's failure codes that the web can say in words; others keep the generic one. */
const failureReasons: Record<number, string> = {
  131047: 'ERR_OUTSIDE_WINDOW',
  131026: 'ERR_RECIPIENT_UNAVAILABLE',
  131030: 'ERR_RECIPIENT_UNAVAILABLE',
  132000: 'ERR_TEMPLATE_PARAMS',
  132001: 'ERR_TEMPLATE_NOT_FOUND',
};
const failureReason = (code: number | undefined) =>
  (code !== undefined && failureReasons[code]) || 'ERR_SENDING_WAPP_MSG';

/** One delivery of the `whatsapp_business_account` webhook: several entries, messages and statuses. */
export async function handleCloudApiWebhook(deps: AppDeps, graph: GraphClient, payload: unknown) {
  const parsed = cloudWebhook.safeParse(payload);
  if (!parsed.success) return deps.log.warn({ issues: parsed.error.issues }, 'unreadable Cloud API webhook');
  for (const entry of parsed.data.entry)
    for (const { value } of entry.changes) {
      const phoneNumberId = value.metadata?.phone_number_id;
      if (!phoneNumberId) continue;
      const connection = await deps.providerConnections.find('whatsappapi', phoneNumberId);
      if (!connection) {
        deps.log.warn({ phoneNumberId }, 'Cloud API webhook for an unknown phone number');
        continue;
      }
      const names = new Map((value.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? '']));
      for (const message of value.messages ?? [])
        await receiveCloudMessage(deps, graph, connection, message, names.get(message.from ?? '') ?? '');
      for (const status of value.statuses ?? []) await recordCloudStatus(deps, connection, status);
    }
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
  });
}

async function receiveCloudMessage(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  message: CloudMessage,
  profileName: string,
) {
  if (!message.from) return;
  // A redelivery is answered before its media are fetched again; other redeliveries are found by receive.
  if (
    mediaTypes.has(message.type) &&
    (await findByExternalId(deps.db, connection.companyId, connection.id, message.id))
  )
    return;
  const content = await contentOf(deps, graph, connection, message);
  if (!content) return;
  const input: InboundMessage = {
    companyId: connection.companyId,
    connectionId: connection.id,
    channel: 'whatsappapi',
    identity: { kind: 'phone', value: message.from },
    contact: { name: profileName || message.from, number: message.from },
    externalId: message.id,
    quotedExternalId: message.context?.id,
    ...content,
  };
  await receive(deps, input, { connection });
}

type Content = Pick<InboundMessage, 'body' | 'media' | 'mediaType' | 'quotedExternalId'>;

async function contentOf(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  message: CloudMessage,
): Promise<Content | undefined> {
  switch (message.type) {
    case 'text':
      return { body: message.text?.body ?? '' };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = message[message.type];
      if (!media) return undefined;
      // The id goes into a Graph path with the company's token: anything but Meta's digits is refused.
      if (!META_ID.test(media.id)) {
        deps.log.warn({ messageId: message.id }, 'Cloud API media with an invalid id not stored');
        return undefined;
      }
      const stored = await downloadCloudMedia(deps, graph, connection, media.id, media.filename);
      return { body: media.caption ?? '', media: stored };
    }
    case 'location': {
      const place = message.location;
      if (!place) return undefined;
      const title = [place.name, place.address].filter(Boolean).join(' — ');
      const link = `https://maps.google.com/maps?q=${place.latitude},${place.longitude}`;
      return { body: [title, link].filter(Boolean).join('\n'), mediaType: 'locationMessage' };
    }
    case 'contacts':
      return {
        body: (message.contacts ?? [])
          .map((c) =>
            [c.name?.formatted_name, ...(c.phones ?? []).map((p) => p.phone)].filter(Boolean).join(': '),
          )
          .join('\n'),
        mediaType: 'contactMessage',
      };
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return { body: reply?.title ?? '' };
    }
    case 'button':
      return { body: message.button?.text ?? '' };
    case 'reaction':
      // An empty emoji takes a reaction back: nothing new to show in the conversation.
      if (!message.reaction?.emoji) return undefined;
      return {
        body: message.reaction.emoji,
        mediaType: 'reactionMessage',
        quotedExternalId: message.reaction.message_id,
      };
    default:
      deps.log.info({ type: message.type }, 'Cloud API message type not stored');
      return undefined;
  }
}

/** Media ids resolve to a short-lived address that needs the same token to download. */
async function downloadCloudMedia(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  mediaId: string,
  filename: string | undefined,
) {
  const bearer = graphToken(deps, connection);
  const info = await graph.call<{ url: string; mime_type?: string }>({ path: mediaId, auth: { bearer } });
  const file = await graph.download(info.url, bearer);
  return storeReceivedMedia(deps, connection.companyId, {
    bytes: file.bytes,
    mime: info.mime_type ?? file.mime,
    name: filename ?? null,
  });
}
