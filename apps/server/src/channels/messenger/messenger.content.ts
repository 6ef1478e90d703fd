import type { InboundMessage } from '../../inbox/receive.js';
import { findByExternalId } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import type { GraphClient } from '../graph/graph.client.js';
import type { ConnectionRow } from '../graph/graph.connections.js';
import { storeReceivedMedia } from '../graph/graph.media.js';
import { unsupportedContent } from '../graph/graph.traces.js';
import type { MessagingEvent } from './messenger.payloads.js';

const DOWNLOADABLE = new Set(['image', 'video', 'audio', 'file']);

export type MessagingContent = Pick<
  InboundMessage,
  'externalId' | 'body' | 'media' | 'mediaType' | 'quotedExternalId'
>;

/**
 * What an event stores: a message with several attachments becomes one message per file, then its
 * text (with shared links, titled), then a trace per attachment that came without anything to show.
 */
export async function messagingContentOf(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  event: MessagingEvent,
  customerId: string,
): Promise<MessagingContent[]> {
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
  if (!message || message.is_deleted) return [];
  if (message.is_unsupported) return [{ externalId: message.mid, ...unsupportedContent('') }];
  if (await findByExternalId(deps.db, connection.companyId, connection.id, message.mid)) return [];
  const quotedExternalId = message.reply_to?.mid;
  const attachments = message.attachments ?? [];
  const files = attachments.filter((a) => DOWNLOADABLE.has(a.type) && a.payload?.url);
  const links = attachments
    .filter((a) => !DOWNLOADABLE.has(a.type) && a.payload?.url)
    .map((a) => [a.payload?.title, a.payload?.url].filter(Boolean).join('\n'));
  const text = [message.text, ...links].filter(Boolean).join('\n');
  const parts: Omit<MessagingContent, 'externalId'>[] = [];
  for (const [index, file] of files.entries()) {
    // Attachment addresses are CDN links that expire: downloaded now, never linked.
    const downloaded = await fetchAttachment(graph, file.payload?.url ?? '');
    const media = await storeReceivedMedia(deps, connection.companyId, downloaded);
    parts.push({ body: index === 0 ? text : '', media, quotedExternalId });
  }
  if (!parts.length && text) parts.push({ body: text, quotedExternalId });
  // A fallback without a payload, a template: Meta sent nothing this can show.
  for (const bare of attachments.filter((a) => !a.payload?.url))
    parts.push({ ...unsupportedContent(bare.type), quotedExternalId });
  return parts.map((part, index) => ({
    externalId: index === 0 ? message.mid : `${message.mid}:${index}`,
    ...part,
  }));
}

/** CDN links need no token; the file's name is the last part of its path. */
async function fetchAttachment(graph: GraphClient, url: string) {
  const file = await graph.download(url);
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || null;
  return { ...file, name };
}
