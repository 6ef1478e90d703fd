import { META_ID } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { contactIdentities, messages } from '../../db/schema/index.js';
import { type InboundMessage, receive } from '../../inbox/receive.js';
import { findByExternalId } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { recordStatus, recordWatermark } from '../graph/graph.acks.js';
import type { GraphClient } from '../graph/graph.client.js';
import type { ConnectionRow } from '../graph/graph.connections.js';
import { storeReceivedMedia } from '../graph/graph.media.js';
import { graphToken } from '../graph/graph.token.js';
import { type MessagingEvent, messagingWebhook } from './messenger.payloads.js';

/** Per surface: the channel whose connection its entry id names, and the sender id's kind. */
const surfaces = {
  page: { channel: 'facebook', kind: 'psid' },
  instagram: { channel: 'instagram', kind: 'igsid' },
} as const;
type Surface = (typeof surfaces)[keyof typeof surfaces];

const DOWNLOADABLE = new Set(['image', 'video', 'audio', 'file']);

/** One delivery of a `page` (Messenger) or `instagram` webhook. */
export async function handleMessagingWebhook(deps: AppDeps, graph: GraphClient, payload: unknown) {
  const parsed = messagingWebhook.safeParse(payload);
  if (!parsed.success) return deps.log.warn({ issues: parsed.error.issues }, 'unreadable messaging webhook');
  const surface = surfaces[parsed.data.object];
  for (const entry of parsed.data.entry) {
    const connection = await deps.providerConnections.find(surface.channel, entry.id);
    if (!connection) {
      deps.log.warn({ entry: entry.id, channel: surface.channel }, 'webhook for an unknown page or account');
      continue;
    }
    for (const event of entry.messaging ?? []) await handleEvent(deps, graph, connection, surface, event);
  }
}

async function handleEvent(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  surface: Surface,
  event: MessagingEvent,
) {
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
    return;
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
    return;
  }
  const echo = event.message?.is_echo === true;
  // An echo is the page writing to the customer: the customer is its recipient.
  const customerId = echo ? event.recipient.id : event.sender.id;
  // The id goes into a Graph path (the profile) with the page token: anything but Meta's digits is refused.
  if (!META_ID.test(customerId))
    return deps.log.warn(
      { connectionId: connection.id },
      'messaging event with an invalid customer id not stored',
    );
  const inputs = await inputsOf(deps, graph, connection, event, customerId);
  if (!inputs.length) return;
  if (echo && (await isOurEcho(deps, connection, event, customerId))) return;
  const name = await contactName(deps, graph, connection, surface, customerId);
  for (const input of inputs)
    await receive(
      deps,
      {
        companyId: connection.companyId,
        connectionId: connection.id,
        channel: surface.channel,
        identity: { kind: surface.kind, value: customerId },
        contact: { name },
        fromMe: echo,
        ...input,
      },
      { connection },
    );
}

type Content = Pick<InboundMessage, 'externalId' | 'body' | 'media' | 'mediaType' | 'quotedExternalId'>;

/** What an event stores: a message with several attachments becomes one message per attachment. */
async function inputsOf(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  event: MessagingEvent,
  customerId: string,
): Promise<Content[]> {
  if (event.postback) {
    const externalId = event.postback.mid ?? `postback:${customerId}:${event.timestamp ?? 0}`;
    return [{ externalId, body: event.postback.title ?? event.postback.payload }];
  }
  if (event.reaction) {
    if (event.reaction.action !== 'react') return [];
    return [
      {
        externalId: `reaction:${event.reaction.mid}:${customerId}:${event.timestamp ?? 0}`,
        body: event.reaction.emoji ?? event.reaction.reaction ?? '',
        mediaType: 'reactionMessage',
        quotedExternalId: event.reaction.mid,
      },
    ];
  }
  const message = event.message;
  if (!message || message.is_deleted || message.is_unsupported) return [];
  if (await findByExternalId(deps.db, connection.companyId, connection.id, message.mid)) return [];
  const quotedExternalId = message.reply_to?.mid;
  const attachments = message.attachments ?? [];
  const links = attachments
    .filter((a) => !DOWNLOADABLE.has(a.type) && a.payload?.url)
    .map((a) => a.payload?.url ?? '');
  const text = [message.text, ...links].filter(Boolean).join('\n');
  const contents: Content[] = [];
  const files = attachments.filter((a) => DOWNLOADABLE.has(a.type) && a.payload?.url);
  for (const [index, file] of files.entries()) {
    // Attachment addresses are CDN links that expire: downloaded now, never linked.
    const downloaded = await fetchAttachment(graph, file.payload?.url ?? '');
    const media = await storeReceivedMedia(deps, connection.companyId, downloaded);
    contents.push({
      externalId: index === 0 ? message.mid : `${message.mid}:${index}`,
      body: index === 0 ? text : '',
      media,
      quotedExternalId,
    });
  }
  if (!contents.length && text) contents.push({ externalId: message.mid, body: text, quotedExternalId });
  return contents;
}

/** CDN links need no token; the file's name is the last part of its path. */
async function fetchAttachment(graph: GraphClient, url: string) {
  const file = await graph.download(url);
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || null;
  return { ...file, name };
}

/**
 * Echoes of our own sends are already stored (or about to be, by the outbox). Messenger marks them
 * with our app id; Instagram does not, so an Instagram echo is ours when its id is stored or a send
 * to that customer is still in flight.
 */
async function isOurEcho(
  deps: AppDeps,
  connection: ConnectionRow,
  event: MessagingEvent,
  customerId: string,
) {
  const appId = event.message?.app_id;
  if (appId !== undefined && deps.config.meta.appId && String(appId) === deps.config.meta.appId) return true;
  if (connection.channel !== 'instagram') return false;
  const [inFlight] = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(
      contactIdentities,
      and(
        eq(contactIdentities.companyId, messages.companyId),
        eq(contactIdentities.contactId, messages.contactId),
        eq(contactIdentities.kind, 'igsid'),
        eq(contactIdentities.value, customerId),
      ),
    )
    .where(
      and(
        eq(messages.companyId, connection.companyId),
        eq(messages.connectionId, connection.id),
        eq(messages.fromMe, true),
        eq(messages.ack, 0),
      ),
    )
    .limit(1);
  return inFlight !== undefined;
}

/** A new customer's name from their profile; `User <last 6>` when the profile is not shared. */
async function contactName(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  surface: Surface,
  customerId: string,
): Promise<string> {
  const fallback = `User ${customerId.slice(-6)}`;
  const [known] = await deps.db
    .select({ id: contactIdentities.contactId })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.companyId, connection.companyId),
        eq(contactIdentities.kind, surface.kind),
        eq(contactIdentities.value, customerId),
      ),
    );
  if (known) return fallback;
  const fields = surface.kind === 'igsid' ? 'name,username' : 'first_name,last_name';
  const profile = await graph
    .call<{ name?: string; username?: string; first_name?: string; last_name?: string }>({
      path: customerId,
      query: { fields },
      auth: { accessToken: graphToken(deps, connection) },
    })
    .catch(() => undefined);
  const name =
    profile?.name ?? profile?.username ?? [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');
  return name || fallback;
}
