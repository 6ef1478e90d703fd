import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';
import type { InboundMessage } from '../messages/messages.inbound-message.js';
import { contactLockOf } from '../tickets/tickets.resolution.js';
import { identityKey, linkIdentities } from './contacts.identities.js';
import { brazilianMobileTwin } from './contacts.numbers.js';

type Sender = Pick<
  InboundMessage,
  'companyId' | 'connectionId' | 'channel' | 'identity' | 'alsoKnownAs' | 'contact'
>;

/** The phone a channel addressed the sender by and its other Brazilian form, when it has one. */
function formsOf(input: Sender) {
  if (input.contact.isGroup) return undefined;
  const phone =
    input.identity.kind === 'phone'
      ? input.identity.value
      : input.alsoKnownAs?.find((other) => other.kind === 'phone')?.value;
  const twin = phone ? brazilianMobileTwin(phone) : undefined;
  return phone && twin ? { phone, twin } : undefined;
}

/**
 * Contacts of the channel stored under either form of a sender's Brazilian mobile (typed as
 * 55 31 9xxxx-xxxx, written from 55 31 xxxx-xxxx by WhatsApp), by identityKey: one indexed statement
 * for all the senders. The form the sender wrote from wins over its twin. With `lock`, each found
 * contact is locked (lockContact), in contact order.
 */
export async function findTwinContacts(
  tx: Tx,
  companyId: number,
  inputs: Sender[],
  { lock = false } = {},
): Promise<Map<string, number>> {
  const wanted = inputs.flatMap((input) => {
    const forms = formsOf(input);
    return forms ? [{ input, ...forms }] : [];
  });
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: contacts.id,
      channel: contacts.channel,
      number: contacts.number,
      ...(lock ? { locked: contactLockOf(companyId, contacts.id) } : {}),
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        or(
          ...wanted.map(({ input, phone, twin }) =>
            and(eq(contacts.channel, input.channel), inArray(contacts.number, [phone, twin])),
          ),
        ),
      ),
    )
    .orderBy(contacts.id);
  const found = new Map<string, number>();
  for (const { input, phone, twin } of wanted) {
    const stored = (number: string) =>
      rows.find((row) => row.channel === input.channel && row.number === number)?.id;
    const id = stored(phone) ?? stored(twin);
    if (id !== undefined) found.set(identityKey(input.identity), id);
  }
  return found;
}

/**
 * The twin found for a sender becomes theirs: their id is linked to it, so their next message finds
 * it at once, and it learns the number WhatsApp addresses them by if it did not know it.
 */
export async function adoptTwin(tx: Tx, input: Sender, contactId: number) {
  await linkIdentities(tx, input, contactId, [input.identity]);
  const { whatsappJid } = input.contact;
  if (whatsappJid)
    await tx
      .update(contacts)
      .set({ whatsappJid })
      .where(
        and(
          eq(contacts.companyId, input.companyId),
          eq(contacts.id, contactId),
          isNull(contacts.whatsappJid),
        ),
      );
}
