import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessageKey } from '@whiskeysockets/baileys';
import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { findMessage } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  type ChannelAdapter,
  type OutboundDelivery,
  PermanentSendError,
} from '../../platform/ports/channel-adapter.js';
import { checkNumber, checkNumberNow, jidOf } from './baileys.numbers.js';
import type { WhatsappSessions } from './baileys.sessions.js';

const mimeOf = (path: string) => {
  const ext = path.split('.').pop()?.toLowerCase() ?? '';
  const known: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    webp: 'image/webp',
    gif: 'image/gif',
    mp4: 'video/mp4',
    ogg: 'audio/ogg; codecs=opus',
    opus: 'audio/ogg; codecs=opus',
    mp3: 'audio/mpeg',
    m4a: 'audio/mp4',
    pdf: 'application/pdf',
  };
  return known[ext] ?? 'application/octet-stream';
};

async function contentOf(deps: AppDeps, { message }: OutboundDelivery): Promise<AnyMessageContent> {
  if (!message.mediaPath) return { text: message.body };
  const file = await deps.storage.read(message.mediaPath);
  if (!file) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA');
  const stream = { stream: file.stream };
  const mimetype = mimeOf(message.mediaPath);
  const caption = message.body || undefined;
  switch (message.mediaType) {
    case 'image':
      return { image: stream, caption, mimetype };
    case 'video':
      return { video: stream, caption, mimetype };
    case 'audio':
      // Voice notes are ogg/opus; anything else goes as a plain audio file.
      return { audio: stream, mimetype, ptt: mimetype.startsWith('audio/ogg') };
    default:
      return { document: stream, mimetype, fileName: message.mediaName ?? 'arquivo', caption };
  }
}

/**
 * WhatsApp through the session this process holds, checked against the lease right before each send;
 * without it the send fails and the outbox retries, through the holder (messages.delivery-routing.ts).
 */
export function createBaileysAdapter(deps: AppDeps, sessions: WhatsappSessions): ChannelAdapter {
  /** For lookups (the customer's jid): a stale socket's question does no harm, its send would. */
  const socketFor = (delivery: OutboundDelivery) => {
    const socket = sessions.socketOf(delivery.connection.id);
    if (!socket) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return socket;
  };
  const jidFor = (delivery: OutboundDelivery) => jidOf(deps, socketFor(delivery), delivery.contact);
  /** The last step before WhatsApp, so nothing is awaited between the lease check and the send. */
  const sendOn = async (delivery: OutboundDelivery, jid: string, content: AnyMessageContent) =>
    (await sessions.sendingSocket(delivery.connection.id)).sendMessage(jid, content);

  return {
    async send(delivery) {
      const jid = await jidFor(delivery);
      const options: MiscMessageGenerationOptions = {};
      const { quotedMessageId } = delivery.message;
      const quoted = quotedMessageId
        ? await findMessage(deps.db, delivery.message.companyId, quotedMessageId)
        : undefined;
      if (quoted?.externalId)
        options.quoted = {
          key: {
            remoteJid: jid,
            id: quoted.externalId,
            fromMe: quoted.fromMe,
            participant: quoted.participant,
          },
          message: { conversation: quoted.body },
        };
      const socket = await sessions.sendingSocket(delivery.connection.id);
      const sent = await socket.sendMessage(jid, await contentOf(deps, delivery), options);
      if (!sent?.key.id) throw new AppError('ERR_SENDING_WAPP_MSG');
      return { externalId: sent.key.id, ack: 1 };
    },
    async edit(delivery) {
      const { externalId, body } = delivery.message;
      if (!externalId) return;
      const jid = await jidFor(delivery);
      await sendOn(delivery, jid, { text: body, edit: { remoteJid: jid, id: externalId, fromMe: true } });
    },
    async revoke(delivery) {
      const { externalId } = delivery.message;
      if (!externalId) return;
      const jid = await jidFor(delivery);
      await sendOn(delivery, jid, { delete: { remoteJid: jid, id: externalId, fromMe: true } });
    },
    async react(delivery, { externalId, emoji }) {
      const { fromMe, participant } = delivery.message;
      const jid = await jidFor(delivery);
      const key: WAMessageKey = { remoteJid: jid, id: externalId, fromMe, participant };
      await sendOn(delivery, jid, { react: { text: emoji, key } });
    },
    // WhatsApp forgets the linked device, wherever its session runs or if none does (WhatsappSessions.deleting).
    connectionDeleting: (tx, target) => sessions.deleting(tx, target),
    connectionDeleted: (target) => sessions.deleted(target),
    async notify({ connection, number, body }) {
      const socket = sessions.socketOf(connection.id);
      if (!socket) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      const jid = await checkNumber(socket, number.replace(/\D/g, ''));
      await (await sessions.sendingSocket(connection.id)).sendMessage(jid, { text: body });
    },
    async presence({ companyId, connectionId, contactId }, state) {
      const socket = sessions.socketOf(connectionId);
      // Nobody to tell without a live session; typing is never worth a retry.
      if (!socket) return;
      const [contact] = await deps.db
        .select()
        .from(contacts)
        .where(tenant(contacts, companyId, eq(contacts.id, contactId)));
      if (contact) await socket.sendPresenceUpdate(state ?? 'paused', await jidOf(deps, socket, contact));
    },
    async fetchProfile(connection, number) {
      const socket = sessions.socketOf(connection.id);
      if (!socket) return undefined;
      const whatsappJid = await checkNumberNow(socket, number);
      // No picture or a private one makes Baileys throw: the contact keeps the default avatar.
      const pictureUrl = await socket.profilePictureUrl(whatsappJid, 'image').catch(() => undefined);
      return { whatsappJid, pictureUrl };
    },
    async checkNumbers(connection, numbers) {
      const socket = sessions.socketOf(connection.id);
      if (!socket) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      // One question per number: WhatsApp answers a batch without saying which jid was which number's.
      const answers = new Map<string, boolean>();
      for (const number of numbers) {
        const exists = await checkNumber(socket, number).then(
          () => true,
          (error: unknown) => {
            if (error instanceof PermanentSendError) return false;
            throw error;
          },
        );
        answers.set(number, exists);
      }
      return answers;
    },
  };
}
