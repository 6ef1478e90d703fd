import type { Contact } from '@whiskeysockets/baileys';
import { and, eq, sql } from 'drizzle-orm';
import { connections, contactIdentities, contacts, whatsappChats } from '../../db/schema/index.js';
import { joinIdentities } from '../../inbox/identity-join.js';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { whoIs } from './baileys.inbound.js';
import { baileys } from './baileys.lib.js';

const IMPORT_BATCH = 500;

/** Keeps the phone's chat list as WhatsApp shares it (history sync, new chats). */
export async function rememberChats(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  chats: { id: string; name?: string | null }[],
) {
  const rows = chats
    .filter(
      ({ id }) =>
        !baileys().isJidStatusBroadcast(id) && !baileys().isJidNewsletter(id) && !id.endsWith('@broadcast'),
    )
    .map(({ id, name }) => ({ ...target, jid: id, name: name ?? '' }));
  for (let i = 0; i < rows.length; i += IMPORT_BATCH)
    await deps.db
      .insert(whatsappChats)
      .values(rows.slice(i, i + IMPORT_BATCH))
      .onConflictDoUpdate({
        target: [whatsappChats.connectionId, whatsappChats.jid],
        // A chat without a name in a later batch keeps the name it had.
        set: { name: sql`coalesce(nullif(excluded.name, ''), ${whatsappChats.name})`, updatedAt: new Date() },
      });
}

/**
 * WhatsApp revealed which phone a LID stands for (a shared number, a contact sync, a message key):
 * the contacts known by either become one (joinIdentities), within the session's company only.
 */
export async function joinLidAndPhone(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  lidJid: string,
  phoneJid: string,
) {
  const lid = whoIs(lidJid);
  const phone = whoIs(phoneJid);
  if (lid.identity.kind !== 'lid' || phone.identity.kind !== 'phone') return;
  await joinIdentities(deps, { ...target, channel: 'whatsapp' }, [phone.identity, lid.identity]);
}

/** Contacts WhatsApp synced with both addresses (`lid` and `jid`, or one of them as `id`). */
export async function joinSyncedContacts(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  synced: Partial<Contact>[],
) {
  for (const contact of synced) {
    const ids = [contact.id, contact.lid, contact.jid].filter((jid): jid is string => !!jid);
    const lid = ids.find((jid) => baileys().isLidUser(jid));
    const phone = ids.find((jid) => !baileys().isLidUser(jid) && !baileys().isJidGroup(jid));
    if (lid && phone) await joinLidAndPhone(deps, target, lid, phone);
  }
}

/**
 * `POST /contacts/import/chats`: the one-to-one chats of the company's connected WhatsApp
 * sessions become contacts (numbers already known are left as they are). Groups and chats known
 * only by a LID are skipped: there is no number to store for them.
 */
export async function importChats(ctx: Ctx): Promise<{ imported: number; total: number }> {
  const chats = await ctx.db
    .select({ jid: whatsappChats.jid, name: whatsappChats.name, connectionId: whatsappChats.connectionId })
    .from(whatsappChats)
    .innerJoin(
      connections,
      and(eq(connections.id, whatsappChats.connectionId), eq(connections.status, 'CONNECTED')),
    )
    .where(eq(whatsappChats.companyId, ctx.companyId));
  const [connected] = await ctx.db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.companyId, ctx.companyId),
        eq(connections.channel, 'whatsapp'),
        eq(connections.status, 'CONNECTED'),
      ),
    )
    .limit(1);
  if (!connected) throw new AppError('ERR_WAPP_NOT_INITIALIZED');

  const people = chats.filter(({ jid }) => !baileys().isJidGroup(jid) && !baileys().isLidUser(jid));
  let imported = 0;
  for (let i = 0; i < people.length; i += IMPORT_BATCH) {
    const batch = people.slice(i, i + IMPORT_BATCH).map((chat) => ({ ...chat, who: whoIs(chat.jid) }));
    const created = await ctx.db
      .insert(contacts)
      .values(
        batch.map(({ who, name, jid }) => ({
          companyId: ctx.companyId,
          name: name || (who.number ?? ''),
          number: who.number,
          whatsappJid: jid,
          channel: 'whatsapp',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: contacts.id, number: contacts.number });
    if (created.length > 0)
      await ctx.db
        .insert(contactIdentities)
        .values(
          created.map(({ id, number }) => ({
            companyId: ctx.companyId,
            contactId: id,
            kind: 'phone',
            value: number ?? '',
          })),
        )
        .onConflictDoNothing();
    imported += created.length;
  }
  return { imported, total: people.length };
}
