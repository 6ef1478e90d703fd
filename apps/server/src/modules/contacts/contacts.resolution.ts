import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contactIdentities, contacts } from '../../db/schema/index.js';
import type { InboundMessage } from '../messages/messages.inbound-message.js';
import { contactLockOf, lockContact } from '../tickets/tickets.resolution.js';
import { adoptTwin, findTwinContacts } from './contacts.twins.js';

/** What finding a contact reads of a message: where it came from and who sent it. */
type ContactSource = Pick<
  InboundMessage,
  'companyId' | 'connectionId' | 'channel' | 'identity' | 'alsoKnownAs' | 'contact'
>;

/**
 * The contact behind an inbound message: found by any id the channel knows it by, else by the other
 * form of its Brazilian mobile (findTwinContacts), else created.
 * With `lock`, the transaction also holds the contact's lock (lockContact) when this answers; a
 * known contact is found and locked in one statement.
 */
export async function findOrCreateContact(
  tx: Tx,
  input: ContactSource,
  { lock = false } = {},
): Promise<number> {
  const byIdentity = identityOf(input);
  const [known] = await tx
    .select({
      contactId: contactIdentities.contactId,
      ...(lock ? { locked: contactLockOf(contactIdentities.companyId, contactIdentities.contactId) } : {}),
    })
    .from(contactIdentities)
    .where(byIdentity);
  if (known) return known.contactId;
  const contactId = await createContact(tx, input, byIdentity);
  if (lock) await lockContact(tx, input.companyId, contactId);
  return contactId;
}

/** The contact of an identity just looked up and not found, created (or the racer's) and locked. */
export async function createLockedContact(tx: Tx, input: InboundMessage): Promise<number> {
  const contactId = await createContact(tx, input, identityOf(input));
  await lockContact(tx, input.companyId, contactId);
  return contactId;
}

const identityOf = (input: ContactSource) =>
  and(
    eq(contactIdentities.companyId, input.companyId),
    eq(contactIdentities.kind, input.identity.kind),
    eq(contactIdentities.value, input.identity.value),
  );

async function createContact(tx: Tx, input: ContactSource, byIdentity: SQL | undefined) {
  const [twin] = (await findTwinContacts(tx, input.companyId, [input])).values();
  if (twin !== undefined) {
    await adoptTwin(tx, input, twin);
    return twin;
  }
  const number = input.contact.number || null;
  const [created] = await tx
    .insert(contacts)
    .values({
      companyId: input.companyId,
      name: input.contact.name,
      number,
      email: input.contact.email ?? '',
      whatsappJid: input.contact.whatsappJid ?? null,
      channel: input.channel,
      isGroup: input.contact.isGroup ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  // The same number on the same channel is the same person, reached by a new id.
  const contactId =
    created?.id ??
    (
      await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, input.companyId),
            eq(contacts.channel, input.channel),
            eq(contacts.number, number ?? ''),
          ),
        )
    )[0]?.id;
  if (!contactId) throw new Error('contact could not be stored');
  const [linked] = await tx
    .insert(contactIdentities)
    .values({ companyId: input.companyId, contactId, connectionId: input.connectionId, ...input.identity })
    .onConflictDoNothing()
    .returning({ contactId: contactIdentities.contactId });
  if (linked) return contactId;
  // Two first messages raced and the other one linked the identity first: its contact is the one.
  // (The insert above waited for that transaction, so this read sees its row.)
  const [winner] = await tx
    .select({ contactId: contactIdentities.contactId })
    .from(contactIdentities)
    .where(byIdentity);
  if (!winner) throw new Error('contact identity vanished');
  if (created)
    await tx
      .delete(contacts)
      .where(and(eq(contacts.companyId, input.companyId), eq(contacts.id, created.id)));
  return winner.contactId;
}
