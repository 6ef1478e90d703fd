import type { proto } from '@whiskeysockets/baileys';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.js';
import { joinIdentities } from '../../inbox/identity-join.js';
import { receive } from '../../inbox/receive.js';
import { isCampaignEcho } from '../../modules/campaigns/campaigns.dispatcher-inbound.js';
import { findByExternalId } from '../../modules/messages/messages.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { mediaKey } from '../../platform/storage/uploads.js';
import type { Mapped } from './baileys.inbound.js';
import type { SessionContext } from './baileys.live-session.js';

type MappedMessage = Extract<Mapped, { kind: 'message' }>;

const phoneJidOf = (who: Pick<MappedMessage['chat'], 'number' | 'identity'>) =>
  who.number && who.identity.kind !== 'group' ? `${who.number}@s.whatsapp.net` : null;

/** A profile picture is fetched at most this often per contact, never on every message. */
const PICTURE_REFRESH = '7 days';

const extensionOf = (mimetype: string, fileName: string | null) => {
  const fromName = fileName?.match(/\.([A-Za-z0-9]{1,8})$/)?.[1];
  if (fromName) return fromName.toLowerCase();
  const sub = mimetype.split('/')[1]?.split(/[;+]/)[0]?.trim();
  return sub && /^[a-z0-9-]{1,16}$/.test(sub) ? sub : 'bin';
};

/**
 * Stores one WhatsApp message through the inbox: the group's own rules, the media downloaded into
 * storage first (a redelivery is recognised before downloading again), and the sender's picture.
 */
export async function receiveMapped(
  deps: AppDeps,
  ctx: SessionContext,
  message: proto.IWebMessageInfo,
  mapped: MappedMessage,
  marks: { arrivedOffline?: boolean; imported?: boolean },
) {
  const { connection, session, socket } = ctx;
  if (mapped.chat.isGroup && !connection.allowGroup) return;
  if (await findByExternalId(deps.db, session.companyId, session.connectionId, mapped.externalId)) return;
  // A campaign's own send, copied back by WhatsApp: it opens no ticket (the campaign opens none).
  const copy = { ...session, externalId: mapped.externalId, body: mapped.body };
  if (mapped.fromMe && (await isCampaignEcho(deps, copy))) return;

  // The key named both addresses of a person: contacts made under each become one before storing.
  for (const who of [mapped.chat, mapped.participant])
    if (who?.alsoKnownAs.length)
      await joinIdentities(deps, { ...session, channel: 'whatsapp' }, [who.identity, ...who.alsoKnownAs]);
  const media = mapped.media ? await download(deps, ctx, message, mapped) : undefined;
  const name = mapped.chat.isGroup
    ? await groupSubject(ctx, mapped.chat.jid)
    : (!mapped.fromMe && mapped.pushName) || mapped.chat.number || mapped.chat.identity.value;
  const received = await receive(deps, {
    companyId: session.companyId,
    connectionId: session.connectionId,
    channel: 'whatsapp',
    identity: mapped.chat.identity,
    alsoKnownAs: mapped.chat.alsoKnownAs,
    contact: {
      name,
      number: mapped.chat.number,
      isGroup: mapped.chat.isGroup,
      // A number read from a jid is the one WhatsApp addresses the person by (9th digit or not).
      whatsappJid: phoneJidOf(mapped.chat),
    },
    externalId: mapped.externalId,
    body: mapped.body,
    fromMe: mapped.fromMe,
    // A file that could not be downloaded still arrives as what it was (its caption, its type).
    ...(media && mapped.mediaType
      ? { media: { ...media, mediaType: mapped.mediaType } }
      : { mediaType: mapped.mediaType ?? undefined }),
    quotedExternalId: mapped.quotedExternalId,
    sentAt: mapped.createdAt,
    ...(mapped.participant
      ? {
          sender: {
            identity: mapped.participant.identity,
            contact: {
              name: mapped.pushName || mapped.participant.identity.value,
              number: mapped.participant.number,
              whatsappJid: phoneJidOf(mapped.participant),
            },
            jid: mapped.participant.jid,
          },
        }
      : {}),
    groupTicket: mapped.chat.isGroup && connection.groupAsTicket !== 'enabled',
    ...marks,
  });
  // History is many old messages at once: no picture fetch or presence subscription for each.
  if (received.duplicate || marks.imported) return;
  await refreshPicture(deps, ctx, received.ticket.contactId, mapped.chat.jid);
  await socket.presenceSubscribe(mapped.chat.jid).catch(() => undefined);
}

async function download(
  deps: AppDeps,
  ctx: SessionContext,
  message: proto.IWebMessageInfo,
  mapped: MappedMessage,
) {
  const { mimetype, fileName } = mapped.media ?? { mimetype: '', fileName: null };
  try {
    const bytes = await ctx.socket.downloadMedia(message);
    const key = mediaKey(ctx.session.companyId, 'whatsapp', extensionOf(mimetype, fileName));
    await deps.storage.put(key, bytes);
    return { mediaPath: key, mediaName: fileName };
  } catch (error) {
    // The message still arrives (its caption, its type); only the file is missing, and the log says why.
    deps.log.warn(loggableError(error), 'whatsapp media download failed');
    return undefined;
  }
}

async function groupSubject(ctx: SessionContext, jid: string) {
  const metadata = await ctx.socket.groupMetadata(jid).catch(() => undefined);
  return metadata?.subject || jid.split('@')[0] || jid;
}

/** Marks the picture fresh first, so concurrent messages of one contact fetch it once. */
async function refreshPicture(deps: AppDeps, ctx: SessionContext, contactId: number, jid: string) {
  const due = await deps.db
    .update(contacts)
    .set({ pictureUpdatedAt: new Date() })
    .where(
      and(
        eq(contacts.companyId, ctx.session.companyId),
        eq(contacts.id, contactId),
        or(
          isNull(contacts.pictureUpdatedAt),
          lt(contacts.pictureUpdatedAt, sql`now() - ${PICTURE_REFRESH}::interval`),
        ),
      ),
    )
    .returning({ id: contacts.id });
  if (due.length === 0) return;
  // No picture or a private one makes Baileys throw: the contact keeps the default avatar.
  const url = await ctx.socket.profilePictureUrl(jid, 'image').catch(() => undefined);
  if (url)
    await deps.db
      .update(contacts)
      .set({ profilePicUrl: url })
      .where(and(eq(contacts.companyId, ctx.session.companyId), eq(contacts.id, contactId)));
}
