import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contactIdentities, contacts } from '../../db/schema/index.js';
import type { InboundMessage } from '../messages/messages.inbound-message.js';

/** How a contact's identity is keyed in the intake's maps: the channel's kind of id and the id. */
export const identityKey = (identity: { kind: string; value: string }) =>
  `${identity.kind}:${identity.value}`;

/**
 * Links the other ids a channel revealed for the contact (the phone behind a LID), and gives a
 * contact known only by its LID the number, unless another contact of the channel already has it.
 */
export async function linkIdentities(
  tx: Tx,
  input: Pick<InboundMessage, 'companyId' | 'connectionId' | 'channel'>,
  contactId: number,
  others: { kind: string; value: string }[],
) {
  for (const other of others) {
    await tx
      .insert(contactIdentities)
      .values({ companyId: input.companyId, contactId, connectionId: input.connectionId, ...other })
      .onConflictDoNothing();
    if (other.kind !== 'phone') continue;
    await tx
      .update(contacts)
      .set({ number: other.value })
      .where(
        and(
          eq(contacts.companyId, input.companyId),
          eq(contacts.id, contactId),
          isNull(contacts.number),
          sql`not exists (select 1 from ${contacts} c where c.company_id = ${input.companyId}
            and c.channel = ${input.channel} and c.number = ${other.value})`,
        ),
      );
  }
}
