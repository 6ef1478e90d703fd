import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contactIdentities, contacts } from '../db/schema/index.js';
import type { InboundMessage } from './receive.js';

/** The contact behind an inbound message: found by any id the channel knows it by, else created. */
export async function findOrCreateContact(tx: Tx, input: InboundMessage): Promise<number> {
  const byIdentity = and(
    eq(contactIdentities.companyId, input.companyId),
    eq(contactIdentities.kind, input.identity.kind),
    eq(contactIdentities.value, input.identity.value),
  );
  const [known] = await tx
    .select({ contactId: contactIdentities.contactId })
    .from(contactIdentities)
    .where(byIdentity);
  if (known) return known.contactId;

  const number = input.contact.number || null;
  const [created] = await tx
    .insert(contacts)
    .values({
      companyId: input.companyId,
      name: input.contact.name,
      number,
      email: input.contact.email ?? '',
      channel: input.channel,
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
