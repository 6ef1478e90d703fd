import type { Contact } from '@balcao/shared';
import { maskContact } from './contacts.masking.js';
import type { ContactRecord } from './contacts.queries.js';

/** A contact as answered; with `hideNumbers`, as lgpdHideNumber shows it to those it hides numbers from. */
export function toContact(row: ContactRecord, hideNumbers: boolean): Contact {
  const contact: Contact = {
    id: row.id,
    name: row.name,
    number: row.number,
    numberHidden: false,
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
  return hideNumbers ? maskContact(contact) : contact;
}
