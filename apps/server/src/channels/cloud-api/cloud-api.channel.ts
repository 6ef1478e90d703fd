import type { ErrorCode } from '@balcao/shared';
import { findMessage } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  type ChannelAdapter,
  type OutboundDelivery,
  PermanentSendError,
  UncertainSendError,
} from '../../platform/ports/channel-adapter.js';
import { callbackDataOf } from '../graph/graph.acks.js';
import { type GraphClient, isUnknownObject, sendFailure } from '../graph/graph.client.js';
import { publicMediaLink, readStoredMedia } from '../graph/graph.media.js';
import { graphToken } from '../graph/graph.token.js';
import { requireOpenWindow } from '../graph/graph.window.js';
import { listCloudTemplates, templatePayload } from './cloud-api.templates.js';

/** Cloud API media kinds by the spec's media types; anything else goes as a document. */
const cloudType = (mediaType: string | null) =>
  mediaType === 'image' || mediaType === 'video' || mediaType === 'audio' ? mediaType : 'document';

/** WhatsApp Business Cloud API (channel `whatsappapi`): sends through `/{phone-number-id}/messages`. */
export function createCloudApiChannel(deps: AppDeps, graph: GraphClient): ChannelAdapter {
  const auth = (delivery: Pick<OutboundDelivery, 'connection'>) => ({
    bearer: graphToken(deps, delivery.connection),
  });
  const post = (
    delivery: Pick<OutboundDelivery, 'connection'>,
    path: string,
    json?: unknown,
    form?: FormData,
  ) =>
    graph.call<{ messages?: { id: string }[] }>({
      method: 'POST',
      path: `${delivery.connection.phoneNumberId}/${path}`,
      auth: auth(delivery),
      json,
      form,
    });

  async function upload(delivery: OutboundDelivery, path: string, mime: string) {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', mime);
    const bytes = await readStoredMedia(deps, path);
    form.set('file', new Blob([bytes], { type: mime }), delivery.message.mediaName ?? 'file');
    const { id } = (await post(delivery, 'media', undefined, form)) as unknown as { id: string };
    return id;
  }

  async function content(delivery: OutboundDelivery) {
    const { message } = delivery;
    if (message.template) return { type: 'template', template: templatePayload(message.template) };
    if (!message.mediaPath) return { type: 'text', text: { preview_url: false, body: message.body } };
    const type = cloudType(message.mediaType);
    const link = publicMediaLink(deps, message.mediaPath);
    const source = link
      ? { link }
      : { id: await upload(delivery, message.mediaPath, mimeOf(message.mediaType, message.mediaName)) };
    const caption = type === 'audio' || !message.body ? {} : { caption: message.body };
    const filename = type === 'document' ? { filename: message.mediaName ?? 'file' } : {};
    return { type, [type]: { ...source, ...caption, ...filename } };
  }

  const to = (delivery: OutboundDelivery) => delivery.contact.number ?? '';

  return {
    async send(delivery) {
      // A template is what Meta allows outside the window; everything else needs it open.
      if (!delivery.message.template) await requireOpenWindow(deps, delivery);
      const quoted = delivery.message.quotedMessageId
        ? await findMessage(deps.db, delivery.message.companyId, delivery.message.quotedMessageId)
        : undefined;
      try {
        const body = {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: to(delivery),
          ...(await content(delivery)),
          ...(quoted?.externalId ? { context: { message_id: quoted.externalId } } : {}),
          // Echoed in every status of this message: a send whose answer was lost is still recognised.
          biz_opaque_callback_data: callbackDataOf(delivery.message),
        };
        const answer = await post(delivery, 'messages', body);
        const externalId = answer.messages?.[0]?.id;
        if (!externalId) throw new UncertainSendError('Cloud API answered a send without a message id');
        return { externalId, ack: 1 };
      } catch (error) {
        throw sendFailure(error);
      }
    },
    async templates(connection) {
      try {
        return await listCloudTemplates(graph, connection, graphToken(deps, connection));
      } catch (error) {
        // The listing reads only the WABA: an object Meta cannot find there is that id, mistyped.
        if (isUnknownObject(error)) throw new AppError('ERR_NO_WABA_ID');
        const failure = sendFailure(error);
        if (failure instanceof PermanentSendError) throw new AppError(failure.reason as ErrorCode);
        throw failure;
      }
    },
    async markRead({ connection, externalId }) {
      await post({ connection }, 'messages', {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: externalId,
      });
    },
    async react(delivery, target) {
      await post(delivery, 'messages', {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: to(delivery),
        type: 'reaction',
        reaction: { message_id: target.externalId, emoji: target.emoji },
      });
    },
  };
}

const documentMimes: Record<string, string> = { pdf: 'application/pdf', txt: 'text/plain' };

/** Stored rows keep the media family; Meta wants a mime, so the family's common one (or the file's). */
function mimeOf(mediaType: string | null, name: string | null): string {
  if (mediaType === 'image') return 'image/jpeg';
  if (mediaType === 'video') return 'video/mp4';
  if (mediaType === 'audio') return 'audio/ogg';
  const ext = name?.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase() ?? '';
  return documentMimes[ext] ?? 'application/octet-stream';
}
