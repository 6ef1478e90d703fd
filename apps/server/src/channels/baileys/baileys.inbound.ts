import type { proto } from '@whiskeysockets/baileys';
import { baileys } from './baileys.lib.js';

export interface Who {
  identity: { kind: 'phone' | 'lid' | 'group'; value: string };
  /** Other ids of the same person (the phone behind a LID), linked to the same contact. */
  alsoKnownAs: { kind: 'phone' | 'lid'; value: string }[];
  number: string | null;
}

export type Mapped =
  | {
      kind: 'message';
      externalId: string;
      fromMe: boolean;
      chat: Who & { isGroup: boolean; jid: string };
      /** In a group, the member who wrote it: a contact of their own. */
      participant?: Who & { jid: string };
      pushName: string;
      body: string;
      mediaType: string | null;
      /** The content carries a file to download (image, video, audio, document, sticker). */
      media?: { mimetype: string; fileName: string | null };
      quotedExternalId?: string;
      createdAt: Date;
    }
  | { kind: 'edit'; targetExternalId: string; body: string }
  | { kind: 'revoke'; targetExternalId: string }
  /** A reaction taken back (an empty emoji): by us from the phone, or by the chat's customer or group member. */
  | { kind: 'unreact'; targetExternalId: string; fromMe: boolean; participant: string | null }
  | { kind: 'ignore'; why: string };

/**
 * A user jid as contact ids; a LID is never read as a phone (protocols.md §1.11). `altJid` is the
 * other address WhatsApp gave with it (6.7.21 keys: senderPn/participantPn beside a LID,
 * senderLid/participantLid beside a phone).
 */
export function whoIs(jid: string, altJid?: string | null): Who {
  const user = baileys().jidDecode(jid)?.user ?? jid.split('@')[0] ?? jid;
  if (baileys().isJidGroup(jid))
    return { identity: { kind: 'group', value: user }, alsoKnownAs: [], number: user };
  if (!baileys().isLidUser(jid)) {
    const lid = altJid && baileys().isLidUser(altJid) ? baileys().jidDecode(altJid)?.user : undefined;
    return {
      identity: { kind: 'phone', value: user },
      alsoKnownAs: lid ? [{ kind: 'lid', value: lid }] : [],
      number: user,
    };
  }
  const phone = altJid && !baileys().isLidUser(altJid) ? baileys().jidDecode(altJid)?.user : undefined;
  return {
    identity: { kind: 'lid', value: user },
    alsoKnownAs: phone ? [{ kind: 'phone', value: phone }] : [],
    number: phone ?? null,
  };
}

const mediaKeys = [
  'imageMessage',
  'videoMessage',
  'audioMessage',
  'documentMessage',
  'stickerMessage',
] as const;

function vcardsOf(content: proto.IMessage) {
  if (content.contactMessage) return [content.contactMessage];
  return content.contactsArrayMessage?.contacts ?? [];
}

/** The text an agent reads for each content type (protocols.md §1.7). */
function bodyOf(content: proto.IMessage, type: keyof proto.IMessage): string {
  switch (type) {
    case 'conversation':
      return content.conversation ?? '';
    case 'extendedTextMessage':
      return content.extendedTextMessage?.text ?? '';
    case 'imageMessage':
      return content.imageMessage?.caption ?? '';
    case 'videoMessage':
      return content.videoMessage?.caption ?? '';
    case 'documentMessage':
      return content.documentMessage?.caption || content.documentMessage?.fileName || '';
    case 'audioMessage':
      return '🔊';
    case 'stickerMessage':
      return 'sticker';
    case 'locationMessage':
    case 'liveLocationMessage': {
      const place = content.locationMessage ?? content.liveLocationMessage;
      const lat = place?.degreesLatitude ?? 0;
      const lng = place?.degreesLongitude ?? 0;
      const name = content.locationMessage
        ? [content.locationMessage.name, content.locationMessage.address]
        : [];
      return [...name.filter(Boolean), `https://maps.google.com/maps?q=${lat}%2C${lng}`].join('\n');
    }
    case 'contactMessage':
    case 'contactsArrayMessage':
      return JSON.stringify(vcardsOf(content).map((c) => ({ displayName: c.displayName, vcard: c.vcard })));
    case 'buttonsResponseMessage':
      return content.buttonsResponseMessage?.selectedButtonId ?? '';
    case 'listResponseMessage':
      return content.listResponseMessage?.singleSelectReply?.selectedRowId ?? '';
    case 'templateButtonReplyMessage':
      return content.templateButtonReplyMessage?.selectedId ?? '';
    case 'reactionMessage':
      return content.reactionMessage?.text ?? '';
    default:
      return '';
  }
}

function mediaTypeOf(type: keyof proto.IMessage, mimetype: string): string | null {
  if ((mediaKeys as readonly string[]).includes(type)) return mimetype.split('/')[0] || 'application';
  if (type === 'locationMessage' || type === 'liveLocationMessage') return 'locationMessage';
  if (type === 'contactMessage' || type === 'contactsArrayMessage') return 'contactMessage';
  if (type === 'reactionMessage') return 'reactionMessage';
  return null;
}

const supported = new Set<string>([
  'conversation',
  'extendedTextMessage',
  ...mediaKeys,
  'locationMessage',
  'liveLocationMessage',
  'contactMessage',
  'contactsArrayMessage',
  'buttonsResponseMessage',
  'listResponseMessage',
  'templateButtonReplyMessage',
  'reactionMessage',
]);

/** One Baileys message as what the inbox does with it. */
export function mapMessage(message: proto.IWebMessageInfo): Mapped {
  const key = message.key;
  const jid = key?.remoteJid;
  if (!key?.id || !jid) return { kind: 'ignore', why: 'no key' };
  if (baileys().isJidStatusBroadcast(jid) || baileys().isJidNewsletter(jid) || jid.endsWith('@broadcast'))
    return { kind: 'ignore', why: 'status or newsletter' };
  const { Message, WebMessageInfo } = baileys().proto;
  const { REVOKE, MESSAGE_EDIT } = Message.ProtocolMessage.Type;
  if (message.messageStubType === WebMessageInfo.StubType.REVOKE)
    return { kind: 'revoke', targetExternalId: key.id };
  const content = baileys().normalizeMessageContent(message.message);
  if (!content) return { kind: 'ignore', why: 'no content' };

  const protocol = content.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (target && protocol.type === REVOKE) return { kind: 'revoke', targetExternalId: target };
    if (target && protocol.type === MESSAGE_EDIT && protocol.editedMessage) {
      const edited = baileys().normalizeMessageContent(protocol.editedMessage);
      const type = edited && baileys().getContentType(edited);
      return { kind: 'edit', targetExternalId: target, body: edited && type ? bodyOf(edited, type) : '' };
    }
    return { kind: 'ignore', why: 'protocol message' };
  }

  const type = baileys().getContentType(content);
  if (!type || !supported.has(type)) return { kind: 'ignore', why: `unsupported ${String(type)}` };
  const inner = content[type] as {
    mimetype?: string | null;
    fileName?: string | null;
    contextInfo?: proto.IContextInfo | null;
  };
  const mimetype = inner?.mimetype ?? (type === 'stickerMessage' ? 'image/webp' : '');
  const isGroup = baileys().isJidGroup(jid) === true;
  const sender = key.participant;
  const reacted = content.reactionMessage?.key?.id;
  if (type === 'reactionMessage' && reacted && !content.reactionMessage?.text)
    return {
      kind: 'unreact',
      targetExternalId: reacted,
      fromMe: key.fromMe === true,
      participant: isGroup ? (sender ?? null) : null,
    };
  const quoted = type === 'reactionMessage' ? content.reactionMessage?.key?.id : inner?.contextInfo?.stanzaId;
  const alt = key as {
    senderPn?: string;
    senderLid?: string;
    participantPn?: string;
    participantLid?: string;
  };
  // The sender's other address: on a message of ours that is our own number, not the customer's.
  const chatAlt = key.fromMe ? undefined : baileys().isLidUser(jid) ? alt.senderPn : alt.senderLid;
  const participantAlt = sender && baileys().isLidUser(sender) ? alt.participantPn : alt.participantLid;

  return {
    kind: 'message',
    externalId: key.id,
    fromMe: key.fromMe === true,
    chat: { ...whoIs(jid, isGroup ? null : chatAlt), isGroup, jid },
    ...(isGroup && sender ? { participant: { ...whoIs(sender, participantAlt), jid: sender } } : {}),
    pushName: message.pushName ?? '',
    body: bodyOf(content, type),
    mediaType: mediaTypeOf(type, mimetype),
    ...((mediaKeys as readonly string[]).includes(type)
      ? { media: { mimetype, fileName: inner?.fileName ?? null } }
      : {}),
    ...(quoted ? { quotedExternalId: quoted } : {}),
    createdAt: message.messageTimestamp
      ? new Date(baileys().toNumber(message.messageTimestamp) * 1000)
      : new Date(),
  };
}

/**
 * Baileys' WAMessageStatus (0 error ... 5 played) on our ack scale (-1 failed, 0 pending, 1 sent,
 * 2 delivered, 3 read, 4 played): the scale the UI renders.
 */
export const ackOf = (status: number) => (status === 0 ? -1 : status - 1);
