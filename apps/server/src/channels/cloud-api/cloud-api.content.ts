import { META_ID } from '@balcao/shared';
import type { InboundMessage } from '../../modules/messages/messages.inbound-message.js';
import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../../platform/provider-connections.js';
import { mediaTypeOf } from '../graph/graph.media.js';
import { pendingMedia } from '../graph/graph.media-jobs.js';
import { unsupportedContent } from '../graph/graph.traces.js';
import type { CloudMessage } from './cloud-api.payloads.js';

/** The spec's media type of each Cloud API file kind, until its mime type tells. */
const cloudMediaTypes = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'application',
  sticker: 'image',
} as const;

type Content = Pick<InboundMessage, 'body' | 'pendingMedia' | 'mediaType' | 'quotedExternalId'>;

/**
 * What a Cloud API message stores: its text, file (fetched by a job once the message is stored),
 * place, card, reply or reaction; a kind this does not know (or a known kind missing its part) is
 * traced as unsupported, a system notice as one.
 * Undefined only for a reaction taken back, which has nothing to show.
 */
export function cloudContentOf(
  deps: AppDeps,
  connection: ConnectionRow,
  message: CloudMessage,
): Content | undefined {
  switch (message.type) {
    case 'text':
      return message.text ? { body: message.text.body } : unsupportedContent(message.type);
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = message[message.type];
      // The id goes into a Graph path with the company's token: anything but Meta's digits is refused.
      if (!media || !META_ID.test(media.id)) return unsupportedContent(message.type);
      const file = {
        mediaType: media.mime_type ? mediaTypeOf(media.mime_type) : cloudMediaTypes[message.type],
        name: media.filename ?? null,
        mime: media.mime_type,
      };
      return {
        body: media.caption ?? '',
        pendingMedia: pendingMedia(deps, connection, { mediaId: media.id }, file),
      };
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
