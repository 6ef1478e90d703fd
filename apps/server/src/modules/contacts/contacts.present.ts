import { type Contact, can } from '@balcao/shared';
import type { Db, Tx } from '../../db/client.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import { readSetting } from '../settings/settings.queries.js';
import { maskNumber } from './contacts.numbers.js';
import { type ContactRow, contactDetails } from './contacts.queries.js';

/** lgpdHideNumber hides numbers from the user profile, in every answer, not only on screen. */
export async function numbersHiddenFor(db: Db | Tx, actor: RequestActor | null, companyId: number) {
  if (actor && can(actor, 'contacts:seeHiddenNumbers')) return false;
  return (await readSetting(db, companyId, 'lgpdHideNumber')) === 'enabled';
}

export async function presentContacts(
  db: Db | Tx,
  companyId: number,
  rows: ContactRow[],
  hideNumbers: boolean,
): Promise<Contact[]> {
  const { tagsOf, extraOf, lastOf } = await contactDetails(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    number: row.number && hideNumbers ? maskNumber(row.number) : row.number,
    numberHidden: row.number !== null && hideNumbers,
    email: row.email,
    urlPicture: row.profilePicUrl,
    active: row.active,
    channel: row.channel,
    isGroup: row.isGroup,
    disableBot: row.disableBot,
    acceptAudioMessage: row.acceptAudioMessage,
    lgpdAcceptedAt: row.lgpdAcceptedAt?.toISOString() ?? null,
    extraInfo: extraOf.get(row.id) ?? [],
    tags: tagsOf.get(row.id) ?? [],
    lastInteractionAt: lastOf.get(row.id)?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export const maskContact = (contact: Contact): Contact =>
  contact.number && !contact.numberHidden
    ? { ...contact, number: maskNumber(contact.number), numberHidden: true }
    : contact;
