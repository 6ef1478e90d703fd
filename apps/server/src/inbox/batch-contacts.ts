import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contactIdentities, contacts } from '../db/schema/index.js';
import { identityKey } from '../modules/contacts/contacts.identities.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import { contactLockOf } from '../modules/tickets/tickets.resolution.js';

const numberKey = (channel: string, number: string) => `${channel}:${number}`;

/**
 * New contacts for identities the batch did not find, in one statement each for the contacts, their
 * identities and their locks, by identityKey. Only a sender with a number is created here: the
 * number is what ties a created row back to its sender. One left out (no number, or the number is
 * already another contact's) is for createLockedContact.
 */
export async function createContacts(
  tx: Tx,
  companyId: number,
  inputs: InboundMessage[],
): Promise<Map<string, number>> {
  const numbered = inputs.filter((input) => input.contact.number);
  if (numbered.length === 0) return new Map();
  const created = await tx
    .insert(contacts)
    .values(
      numbered.map((input) => ({
        companyId,
        name: input.contact.name,
        number: input.contact.number,
        email: input.contact.email ?? '',
        whatsappJid: input.contact.whatsappJid ?? null,
        channel: input.channel,
        isGroup: input.contact.isGroup ?? false,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: contacts.id, channel: contacts.channel, number: contacts.number });
  const byNumber = new Map(created.map((row) => [numberKey(row.channel, row.number ?? ''), row.id]));
  const linking = numbered.flatMap((input) => {
    const contactId = byNumber.get(numberKey(input.channel, input.contact.number ?? ''));
    // Two senders of the batch with one number: the first one's row; the other goes the slow way.
    if (contactId === undefined) return [];
    byNumber.delete(numberKey(input.channel, input.contact.number ?? ''));
    return [{ input, contactId }];
  });
  if (linking.length === 0) return new Map();
  const linked = await tx
    .insert(contactIdentities)
    .values(
      linking.map(({ input, contactId }) => ({
        companyId,
        contactId,
        connectionId: input.connectionId,
        ...input.identity,
      })),
    )
    .onConflictDoNothing()
    .returning({ kind: contactIdentities.kind, value: contactIdentities.value });
  // Another process linked one of these ids to a contact after the batch looked: the batch is
  // stored again, one message at a time, and then finds that contact.
  if (linked.length !== linking.length) throw new Error('a contact identity was linked meanwhile');
  const ids = sql.join(
    linking.map(({ contactId }) => sql`(${contactId}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`select ${contactLockOf(companyId, sql`made.id`)} from (values ${ids}) as made(id) order by made.id`,
  );
  return new Map(linking.map(({ input, contactId }) => [identityKey(input.identity), contactId]));
}
