import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactIdentities, contacts } from '../../db/schema/index.js';

/** The phone part of a WhatsApp user jid ('5531…@s.whatsapp.net', maybe with ':device'). */
const phoneOf = (jid: string) => jid.split('@')[0]?.split(':')[0] ?? jid;

/**
 * Keeps the jid WhatsApp answered for the contact's number, and links its phone as the contact's
 * phone id so messages WhatsApp brings from it find this contact. Only while the contact still has the
 * number that was checked: one changed meanwhile is checked again at its next send.
 */
export async function keepWhatsappJid(
  db: Db,
  contact: { companyId: number; id: number; number: string | null },
  whatsappJid: string,
) {
  const { companyId, id, number } = contact;
  if (!number) return;
  await db.transaction(async (tx) => {
    const kept = await tx
      .update(contacts)
      .set({ whatsappJid })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id), eq(contacts.number, number)))
      .returning({ id: contacts.id });
    if (kept.length === 0) return;
    await tx
      .insert(contactIdentities)
      .values({ companyId, contactId: id, kind: 'phone', value: phoneOf(whatsappJid) })
      .onConflictDoNothing();
  });
}
