import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import {
  campaignShippings,
  contactCustomFields,
  contactIdentities,
  contacts,
  contactTags,
  messages,
  schedules,
  ticketNotes,
  tickets,
} from '../db/schema/index.js';
import { tenant } from '../db/tenant.js';
import type { TicketScope } from '../modules/tickets/tickets.audience.js';
import { foldTicket } from './ticket-fold.js';

type Identity = { kind: string; value: string };

/** What a merge changed, for the events sent once it is committed. */
export interface Merge {
  survivorId: number;
  mergedId: number;
  /** Tickets that now show the survivor (moved, or which took in the other's conversation). */
  ticketIds: number[];
  /** Active tickets folded into another of the same connection, and so deleted (with where they were). */
  folded: (TicketScope & { id: number; into: number })[];
}

/** The contacts of the company known by any of `ids`, as (identity → contact). */
export async function contactsByIdentity(db: Db | Tx, companyId: number, ids: Identity[]) {
  const rows = await db
    .select({
      kind: contactIdentities.kind,
      value: contactIdentities.value,
      contactId: contactIdentities.contactId,
    })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.companyId, companyId),
        or(
          ...ids.map((id) => and(eq(contactIdentities.kind, id.kind), eq(contactIdentities.value, id.value))),
        ),
      ),
    );
  return rows;
}

/**
 * Moves everything of contact `mergedId` onto `survivorId` and deletes it: ids, tickets, messages,
 * notes, schedules, campaign sends, tags and extra fields (a field or tag the survivor already has
 * stays the survivor's). Both are the company's and locked by the caller.
 */
export async function mergeContacts(
  tx: Tx,
  companyId: number,
  survivorId: number,
  mergedId: number,
): Promise<Merge> {
  const ofMerged = (t: { companyId: PgColumn; contactId: PgColumn }) =>
    and(eq(t.companyId, companyId), eq(t.contactId, mergedId));

  const active = await tx
    .select({
      id: tickets.id,
      connectionId: tickets.connectionId,
      contactId: tickets.contactId,
      status: tickets.status,
      userId: tickets.userId,
      queueId: tickets.queueId,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        inArray(tickets.contactId, [survivorId, mergedId]),
        ne(tickets.status, 'closed'),
      ),
    );
  const folded: Merge['folded'] = [];
  for (const gone of active.filter((t) => t.contactId === mergedId)) {
    const kept = active.find((t) => t.contactId === survivorId && t.connectionId === gone.connectionId);
    if (!kept) continue;
    // One WhatsApp chat, one conversation: the agent's accepted ticket is the one that stays.
    const [into, from] = gone.status === 'open' && kept.status !== 'open' ? [gone, kept] : [kept, gone];
    await foldTicket(tx, companyId, from.id, into.id);
    folded.push({ ...from, into: into.id });
  }

  const moved = await tx
    .update(tickets)
    .set({ contactId: survivorId })
    .where(ofMerged(tickets))
    .returning({ id: tickets.id });
  await tx.update(contactIdentities).set({ contactId: survivorId }).where(ofMerged(contactIdentities));
  await tx.update(messages).set({ contactId: survivorId }).where(ofMerged(messages));
  await tx.update(ticketNotes).set({ contactId: survivorId }).where(ofMerged(ticketNotes));
  await tx.update(schedules).set({ contactId: survivorId }).where(ofMerged(schedules));
  // A campaign that reached both keeps the survivor's row; the other goes with the merged contact.
  // (The outer row's columns are spelled out: inside the subquery a bare name would be the alias's.)
  await tx
    .update(campaignShippings)
    .set({ contactId: survivorId })
    .where(
      and(
        ofMerged(campaignShippings),
        sql`not exists (select 1 from ${campaignShippings} s where s.campaign_id = ${sql.raw('"campaign_shippings"."campaign_id"')}
          and s.contact_id = ${survivorId})`,
      ),
    );
  await tx.execute(sql`insert into ${contactTags} (contact_id, tag_id)
    select ${survivorId}, tag_id from ${contactTags} where contact_id = ${mergedId} on conflict do nothing`);
  await tx
    .update(contactCustomFields)
    .set({ contactId: survivorId })
    .where(
      and(
        ofMerged(contactCustomFields),
        sql`not exists (select 1 from ${contactCustomFields} f where f.contact_id = ${survivorId}
          and f.name = ${sql.raw('"contact_custom_fields"."name"')})`,
      ),
    );

  const [merged] = await tx
    .delete(contacts)
    .where(tenant(contacts, companyId, eq(contacts.id, mergedId)))
    .returning();
  // The survivor keeps what it had; what it lacked (a number, a real name, a consent) it takes over.
  if (merged)
    await tx
      .update(contacts)
      .set({
        number: sql`coalesce(${contacts.number}, ${merged.number})`,
        // WhatsApp's name for the number goes with the number.
        whatsappJid: sql`case when ${contacts.number} is null then ${merged.whatsappJid} else ${contacts.whatsappJid} end`,
        name: sql`case when ${contacts.name} = coalesce(${contacts.number}, '') and ${merged.name} <> ''
          then ${merged.name} else ${contacts.name} end`,
        lgpdAcceptedAt: sql`coalesce(${contacts.lgpdAcceptedAt}, ${merged.lgpdAcceptedAt?.toISOString() ?? null}::timestamptz)`,
        updatedAt: new Date(),
      })
      .where(tenant(contacts, companyId, eq(contacts.id, survivorId)));
  const ticketIds = [...new Set([...moved.map((t) => t.id), ...folded.map((f) => f.into)])].filter(
    (id) => !folded.some((f) => f.id === id),
  );
  return { survivorId, mergedId, ticketIds, folded };
}
