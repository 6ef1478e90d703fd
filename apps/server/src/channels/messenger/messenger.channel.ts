import { and, eq } from 'drizzle-orm';
import { contactIdentities } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import type { ChannelAdapter, OutboundDelivery } from '../channel.js';
import { type GraphClient, sendFailure } from '../graph/graph.client.js';
import { readStoredMedia } from '../graph/graph.media.js';
import { graphToken } from '../graph/graph.token.js';
import { requireOpenWindow } from '../graph/graph.window.js';

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

  async function withMedia(delivery: OutboundDelivery, recipient: string): Promise<FormData> {
    const { message } = delivery;
    const form = new FormData();
    form.set('recipient', JSON.stringify({ id: recipient }));
    form.set('messaging_type', 'RESPONSE');
    const type = attachmentType(message.mediaType);
    form.set('message', JSON.stringify({ attachment: { type, payload: { is_reusable: true } } }));
    const bytes = await readStoredMedia(deps, message.mediaPath ?? '');
    form.set('filedata', new Blob([bytes]), message.mediaName ?? 'file');
    return form;
  }

  return {
    async send(delivery) {
      await requireOpenWindow(deps, delivery);
      const recipient = await recipientOf(delivery);
      try {
        let externalId: string | undefined;
        if (delivery.message.mediaPath) {
          externalId = (await send(delivery.connection, await withMedia(delivery, recipient))).message_id;
          // Attachments carry no caption: the text follows as its own message. Its failure is only
          // logged, since retrying the delivery would send the attachment twice.
          if (delivery.message.body.trim())
            await send(delivery.connection, {
              recipient: { id: recipient },
              messaging_type: 'RESPONSE',
              message: { text: delivery.message.body },
            }).catch((error: unknown) =>
              deps.log.warn({ err: error }, 'caption after an attachment not sent'),
            );
        } else
          externalId = (
            await send(delivery.connection, {
              recipient: { id: recipient },
              messaging_type: 'RESPONSE',
              message: { text: delivery.message.body },
            })
          ).message_id;
        if (!externalId) throw new Error('the Send API answered without a message id');
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
