import type { InboundMessage } from '../../modules/messages/messages.inbound-message.js';
import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../../platform/provider-connections.js';
import { pendingMedia } from '../graph/graph.media-jobs.js';
import { unsupportedContent } from '../graph/graph.traces.js';
import type { MessagingEvent } from './messenger.payloads.js';

/**
 * Attachments kept as files, by the spec's media type until the file tells: CDN addresses expire, so
 * a story mention is copied like a photo, never linked.
 */
const DOWNLOADABLE: Record<string, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'application',
  story_mention: 'image',
};
const downloadable = (type: string) => Object.hasOwn(DOWNLOADABLE, type);

export type MessagingContent = Pick<
  InboundMessage,
  'externalId' | 'body' | 'pendingMedia' | 'mediaType' | 'quotedExternalId'
>;

/**
 * What an event stores: a message with several attachments becomes one message per file (fetched by
 * a job once stored), then its text (with shared links, titled), then a trace per attachment that came
 * without anything to show.
 */
export function messagingContentOf(
  deps: AppDeps,
  connection: ConnectionRow,
  event: MessagingEvent,
  customerId: string,
): MessagingContent[] {
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
  const quotedExternalId = message.reply_to?.mid;
  const attachments = message.attachments ?? [];
  const files = attachments.flatMap((a) => {
    const file = downloadable(a.type) ? cdnFile(a.payload?.url) : undefined;
    return file ? [{ ...file, mediaType: DOWNLOADABLE[a.type] ?? 'application' }] : [];
  });
  const links = attachments
    .filter((a) => !downloadable(a.type) && a.payload?.url)
    .map((a) => [a.payload?.title, a.payload?.url].filter(Boolean).join('\n'));
  const text = [message.text, ...links].filter(Boolean).join('\n');
  const parts: Omit<MessagingContent, 'externalId'>[] = [];
  for (const [index, { url, ...file }] of files.entries())
    parts.push({
      body: index === 0 ? text : '',
      pendingMedia: pendingMedia(deps, connection, { url }, file),
      quotedExternalId,
    });
  if (!parts.length && text) parts.push({ body: text, quotedExternalId });
  // A fallback without a payload, a template, a file with no address to fetch: nothing this can show.
  const bare = attachments.filter((a) => (downloadable(a.type) ? !cdnFile(a.payload?.url) : !a.payload?.url));
  for (const attachment of bare) parts.push({ ...unsupportedContent(attachment.type), quotedExternalId });
  return parts.map((part, index) => ({
    externalId: index === 0 ? message.mid : `${message.mid}:${index}`,
    ...part,
  }));
}

/** A CDN address this can fetch, and the file's name: the last part of its path. */
function cdnFile(url: string | undefined) {
  if (!url || !URL.canParse(url)) return undefined;
  const last = new URL(url).pathname.split('/').pop() ?? '';
  return { url, name: safeDecode(last) || null };
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
