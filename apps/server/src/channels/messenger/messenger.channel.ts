import { plainFromWhatsapp } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { contactIdentities } from '../../db/schema/index.js';
import { findMessage } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import {
  type ChannelAdapter,
  type OutboundDelivery,
  UncertainSendError,
} from '../../platform/ports/channel-adapter.js';
import { callbackDataOf } from '../graph/graph.acks.js';
import { type GraphClient, sendFailure } from '../graph/graph.client.js';
import { publicMediaLink, readStoredMedia } from '../graph/graph.media.js';
import { graphToken } from '../graph/graph.token.js';
import { messagingTypeOf } from '../graph/graph.window.js';

/** Send API attachment types by the spec's media types. */
const attachmentType = (mediaType: string | null) =>
  mediaType === 'image' || mediaType === 'video' || mediaType === 'audio' ? mediaType : 'file';

/**
 * Messenger (`facebook`) and Instagram (`instagram`) send through the Page's `/me/messages` with
 * the page token; they differ in the id kind of their customers.
 */
export function createMessagingChannel(
  deps: AppDeps,
  graph: GraphClient,
  kind: 'psid' | 'igsid',
): ChannelAdapter {
  const send = (connection: OutboundDelivery['connection'], body: Record<string, unknown> | FormData) =>
    graph.call<{ message_id?: string }>({
      method: 'POST',
      path: 'me/messages',
      auth: { accessToken: graphToken(deps, connection) },
      ...(body instanceof FormData ? { form: body } : { json: body }),
    });

  async function recipientOf(delivery: Pick<OutboundDelivery, 'contact'>): Promise<string> {
    const [identity] = await deps.db
      .select({ value: contactIdentities.value })
      .from(contactIdentities)
      .where(
        and(
          eq(contactIdentities.companyId, delivery.contact.companyId),
          eq(contactIdentities.contactId, delivery.contact.id),
          eq(contactIdentities.kind, kind),
        ),
      )
      .limit(1);
    if (!identity) throw new Error(`contact ${delivery.contact.id} has no ${kind}`);
    return identity.value;
  }

  /** The attachment by our public link where Meta can fetch it, else uploaded with the send. */
  async function withMedia(delivery: OutboundDelivery, head: Record<string, unknown>) {
    const { message } = delivery;
    const type = attachmentType(message.mediaType);
    const url = publicMediaLink(deps, message.mediaPath ?? '');
    const metadata = metadataOf(delivery.message);
    if (url)
      return { ...head, message: { attachment: { type, payload: { url, is_reusable: true } }, ...metadata } };
    const form = new FormData();
    for (const [key, value] of Object.entries(head))
      form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    form.set(
      'message',
      JSON.stringify({ attachment: { type, payload: { is_reusable: true } }, ...metadata }),
    );
    const bytes = await readStoredMedia(deps, message.mediaPath ?? '');
    form.set('filedata', new Blob([bytes]), message.mediaName ?? 'file');
    return form;
  }

  /**
   * Messenger echoes `metadata` with the send (the `message_echoes` webhook), so a send whose answer
   * was lost is recognised by its echo. Instagram documents no such field: its sends go without.
   */
  const metadataOf = (message: OutboundDelivery['message']) =>
    kind === 'psid' ? { metadata: callbackDataOf(message) } : {};

  /** A reply names the customer's message it answers (the mid the webhook gave it). */
  async function replyTo(message: OutboundDelivery['message']) {
    const quoted = message.quotedMessageId
      ? await findMessage(deps.db, message.companyId, message.quotedMessageId)
      : undefined;
    return quoted?.externalId ? { reply_to: { mid: quoted.externalId } } : {};
  }

  return {
    async send(delivery) {
      const type = await messagingTypeOf(deps, delivery);
      const recipient = { id: await recipientOf(delivery) };
      const head = { recipient, ...type, ...(await replyTo(delivery.message)) };
      // Texts are written with WhatsApp's marks (and the signature in them), which Messenger and
      // Instagram would show as literal asterisks: they get the words alone.
      const text = plainFromWhatsapp(delivery.message.body);
      try {
        let externalId: string | undefined;
        if (delivery.message.mediaPath) {
          externalId = (await send(delivery.connection, await withMedia(delivery, head))).message_id;
          // Attachments carry no caption: the text follows as its own message. Its failure is only
          // logged, since retrying the delivery would send the attachment twice.
          if (text.trim())
            await send(delivery.connection, { recipient, ...type, message: { text } }).catch(
              (error: unknown) => deps.log.warn({ err: error }, 'caption after an attachment not sent'),
            );
        } else {
          const message = { text, ...metadataOf(delivery.message) };
          externalId = (await send(delivery.connection, { ...head, message })).message_id;
        }
        if (!externalId) throw new UncertainSendError('the Send API answered without a message id');
        return { externalId, ack: 1 };
      } catch (error) {
        throw sendFailure(error);
      }
    },
    async markRead(target) {
      // The Send API marks the whole conversation seen, not one message.
      await send(target.connection, {
        recipient: { id: await recipientOf(target) },
        sender_action: 'mark_seen',
      });
    },
    ...(kind === 'igsid'
      ? {
          async react(delivery: OutboundDelivery, target: { externalId: string; emoji: string }) {
            const recipient = await recipientOf(delivery);
            await send(delivery.connection, {
              recipient: { id: recipient },
              sender_action: target.emoji ? 'react' : 'unreact',
              payload: { message_id: target.externalId, ...(target.emoji ? { reaction: 'love' } : {}) },
            });
          },
        }
      : {}),
  };
}
