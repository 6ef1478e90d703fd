import type { InboundMessage } from '../../inbox/receive.js';
import type { AppDeps } from '../../platform/context.js';
import type { GraphClient } from '../graph/graph.client.js';
import type { ConnectionRow } from '../graph/graph.connections.js';
import { storeReceivedMedia } from '../graph/graph.media.js';
import { graphToken } from '../graph/graph.token.js';
import { unsupportedContent } from '../graph/graph.traces.js';
import type { CloudMessage } from './cloud-api.payloads.js';

export const CLOUD_MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

type Content = Pick<InboundMessage, 'body' | 'media' | 'mediaType' | 'quotedExternalId'>;

/**
 * What a Cloud API message stores: its text, file, place, card, reply or reaction; a kind this does
 * not know (or a known kind missing its part) is traced as unsupported, a system notice as one.
 * Undefined only for a reaction taken back, which has nothing to show.
 */
export async function cloudContentOf(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  message: CloudMessage,
): Promise<Content | undefined> {
  switch (message.type) {
    case 'text':
      return message.text ? { body: message.text.body } : unsupportedContent(message.type);
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = message[message.type];
      if (!media) return unsupportedContent(message.type);
      const stored = await downloadCloudMedia(deps, graph, connection, media.id, media.filename);
      return { body: media.caption ?? '', media: stored };
    }
    case 'location': {
      const place = message.location;
      if (!place) return unsupportedContent(message.type);
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
      return reply ? { body: reply.title } : unsupportedContent(message.type);
    }
    case 'button':
      return message.button ? { body: message.button.text } : unsupportedContent(message.type);
    case 'reaction':
      // An empty emoji takes a reaction back: nothing new to show in the conversation.
      if (!message.reaction?.emoji) return undefined;
      return {
        body: message.reaction.emoji,
        mediaType: 'reactionMessage',
        quotedExternalId: message.reaction.message_id,
      };
    case 'system':
      // Meta's own words (a number changed): shown as a notice, not as the customer's text.
      return { body: message.system?.body ?? '', mediaType: 'systemMessage' };
    case 'unsupported':
      // WhatsApp itself could not hand the message over (error 131051): nothing names its kind.
      return unsupportedContent('');
    default:
      return unsupportedContent(message.type);
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
