import { type Contact, can } from '@balcao/shared';
import type { ActorLoader, RequestActor } from '../../platform/auth/actor.js';
import { maskNumber } from './contacts.numbers.js';
import type { ContactRecord } from './contacts.queries.js';

/** lgpdHideNumber hides numbers from the user profile, in every answer, not only on screen. */
export async function numbersHiddenFor(actors: ActorLoader, actor: RequestActor | null, companyId: number) {
  if (actor && can(actor, 'contacts:seeHiddenNumbers')) return false;
  return (await actors.settings(companyId)).lgpdHideNumber === 'enabled';
}

export function toContact(row: ContactRecord, hideNumbers: boolean): Contact {
  return {
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
    extraInfo: row.extraInfo,
    tags: row.tags,
    lastInteractionAt: row.lastInteractionAt,
    createdAt: row.createdAt.toISOString(),
  };
}

export const maskContact = (contact: Contact): Contact =>
  contact.number && !contact.numberHidden
    ? { ...contact, number: maskNumber(contact.number), numberHidden: true }
    : contact;
