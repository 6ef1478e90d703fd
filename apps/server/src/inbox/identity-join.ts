import { eq } from 'drizzle-orm';
import { tickets } from '../db/schema/index.js';
import { publishContact } from '../modules/contacts/contacts.events.js';
import { linkIdentities } from '../modules/contacts/contacts.identities.js';
import { toContact } from '../modules/contacts/contacts.present.js';
import { findContact } from '../modules/contacts/contacts.queries.js';
import { publishTicket, publishTicketFolded } from '../modules/tickets/tickets.events.js';
import { loadTicket } from '../modules/tickets/tickets.queries.js';
import { lockContact } from '../modules/tickets/tickets.resolution.js';
import type { AppDeps } from '../platform/context.js';
import { contactsByIdentity, type Merge, mergeContacts } from './contact-merge.js';

type Identity = { kind: string; value: string };

/**
 * A channel revealed that `ids` (a WhatsApp LID and its phone) are one person of the company. If
 * they belong to two contacts, the one known by the phone takes the other in (mergeContacts) in one
 * transaction; a contact known by one id only is linked to the rest. Told twice, nothing changes.
 */
export async function joinIdentities(
  deps: AppDeps,
  place: { companyId: number; connectionId: number; channel: string },
  ids: Identity[],
) {
  const { companyId } = place;
  const before = await contactsByIdentity(deps.db, companyId, ids);
  const owners = new Set(before.map((row) => row.contactId));
  if (owners.size === 0 || (owners.size === 1 && before.length === ids.length)) return;

  const merge = await deps.db.transaction(async (tx) => {
    // In id order, as every merge takes them: two merges of the same pair never wait on each other.
    for (const id of [...owners].sort((a, b) => a - b)) await lockContact(tx, companyId, id);
    const rows = await contactsByIdentity(tx, companyId, ids);
    const survivor = rows.find((row) => row.kind === 'phone')?.contactId ?? rows[0]?.contactId;
    if (survivor === undefined) return undefined;
    let merged: Merge | undefined;
    for (const other of new Set(rows.map((row) => row.contactId)))
      if (other !== survivor && owners.has(other))
        merged = await mergeContacts(tx, companyId, survivor, other);
    await linkIdentities(tx, place, survivor, ids);
    return merged;
  });
  if (merge) await announceMerge(deps, companyId, merge);
}

/** After the commit: one contact event, and each changed ticket to those who see it. */
async function announceMerge(deps: AppDeps, companyId: number, merge: Merge) {
  const survivor = await findContact(deps.db, companyId, merge.survivorId);
  if (survivor)
    await publishContact(deps, companyId, {
      action: 'merge',
      contact: toContact(survivor, false),
      mergedId: merge.mergedId,
    });
  for (const gone of merge.folded) publishTicketFolded(deps, companyId, gone);
  for (const id of merge.ticketIds) {
    const ticket = await loadTicket(deps.db, deps.links, companyId, eq(tickets.id, id));
    if (ticket) await publishTicket(deps, companyId, ticket);
  }
}
