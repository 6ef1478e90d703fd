import { and, eq } from 'drizzle-orm';
import { connections, contacts } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { normaliseNumber } from './contacts.numbers.js';
import { keepWhatsappJid } from './contacts.whatsapp-jid.js';

/**
 * The contact a typed number belongs to on the company's default connection's channel, created
 * when new (a new ticket starts from it); its picture comes from the channel when the channel can
 * tell, else what is stored.
 */
export async function contactProfile(
  ctx: Ctx,
  raw: string,
): Promise<{ contactId: number; urlPicture: string }> {
  const number = normaliseNumber(raw);
  if (!number) throw new AppError('ERR_WAPP_INVALID_CONTACT');
  const [connection] = await ctx.db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, ctx.companyId), eq(connections.isDefault, true)));
  if (!connection) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  const profile = await ctx.channels
    .get(connection.channel)
    ?.fetchProfile?.(connection, number)
    .catch((error: unknown) => {
      // The channel saying nobody owns the number is an answer; a channel that cannot tell is not.
      if (error instanceof AppError && error.code === 'ERR_WAPP_INVALID_CONTACT') throw error;
      return undefined;
    });
  const channel = connection.channel === 'webchat' ? 'whatsapp' : connection.channel;
  await ctx.db
    .insert(contacts)
    .values({ companyId: ctx.companyId, channel, number, name: profile?.name || number })
    .onConflictDoNothing();
  const [contact] = await ctx.db
    .select()
    .from(contacts)
    .where(
      and(eq(contacts.companyId, ctx.companyId), eq(contacts.channel, channel), eq(contacts.number, number)),
    );
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  if (profile?.whatsappJid && profile.whatsappJid !== contact.whatsappJid)
    await keepWhatsappJid(ctx.db, contact, profile.whatsappJid);
  const urlPicture = profile?.pictureUrl ?? contact.profilePicUrl;
  if (profile?.pictureUrl && profile.pictureUrl !== contact.profilePicUrl)
    await ctx.db
      .update(contacts)
      .set({ profilePicUrl: profile.pictureUrl })
      .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, contact.id)));
  return { contactId: contact.id, urlPicture };
}
