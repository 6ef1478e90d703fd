import { type Contact, can, type Message, type QuotedMessage, type Ticket } from '@balcao/shared';
import type { ActorLoader, RequestActor } from '../../platform/auth/actor.js';

/**
 * lgpdHideNumber: the one place numbers are hidden. Whatever carries a contact's number out of the
 * server to someone it is hidden from — a contact, a ticket's contact, a contact card in a message,
 * in an answer, an event or an export — is masked here, by `maskNumber`.
 */

/** Whether numbers are hidden from the caller (null: from whoever lacks `contacts:seeHiddenNumbers`). */
export async function numbersHiddenFor(actors: ActorLoader, actor: RequestActor | null, companyId: number) {
  if (actor && can(actor, 'contacts:seeHiddenNumbers')) return false;
  return (await actors.settings(companyId)).lgpdHideNumber === 'enabled';
}

/** What lgpdHideNumber leaves of a number: country and area code and the last two digits. */
export function maskNumber(number: string): string {
  if (number.length <= 6) return '*'.repeat(number.length);
  return `${number.slice(0, 4)}${'*'.repeat(number.length - 6)}${number.slice(-2)}`;
}

/** A written phone number: digits, maybe with +, spaces, brackets, dots or dashes between them. */
const WRITTEN_NUMBER = /\+?\d[\d ().-]*\d/g;
/** Shorter runs are not phone numbers (a vCard's VERSION:3.0, a date's parts). */
const PHONE_DIGITS = 8;

/** A contact card's text (a vCard, Baileys' JSON of vCards, the Cloud API's "name: phone" lines). */
export function maskCard(text: string): string {
  return text.replace(WRITTEN_NUMBER, (written) => {
    const digits = written.replace(/\D/g, '');
    if (digits.length < PHONE_DIGITS) return written;
    return `${written.startsWith('+') ? '+' : ''}${maskNumber(digits)}`;
  });
}

/** Channels that give no name store the number as the name (so does an import): it is hidden with it. */
export const maskName = (name: string, number: string | null) =>
  number && name === number ? maskNumber(number) : name;

function maskIdentity<T extends { name: string; number: string | null }>(contact: T): T {
  if (!contact.number) return contact;
  return { ...contact, number: maskNumber(contact.number), name: maskName(contact.name, contact.number) };
}

export const maskContact = (contact: Contact): Contact =>
  contact.numberHidden || !contact.number ? contact : { ...maskIdentity(contact), numberHidden: true };

export const maskTicket = (ticket: Ticket): Ticket => ({ ...ticket, contact: maskIdentity(ticket.contact) });

const isCard = (message: { mediaType: string | null }) => message.mediaType === 'contactMessage';

const maskQuoted = (quoted: QuotedMessage): QuotedMessage =>
  isCard(quoted) ? { ...quoted, body: maskCard(quoted.body) } : quoted;

/** A message whose text is a contact card, or that quotes one. */
export function maskMessage(message: Message): Message {
  if (!isCard(message) && !(message.quotedMsg && isCard(message.quotedMsg))) return message;
  return {
    ...message,
    body: isCard(message) ? maskCard(message.body) : message.body,
    quotedMsg: message.quotedMsg && maskQuoted(message.quotedMsg),
  };
}

/** `value` as the caller may read it. */
export async function asSeenBy<T>(
  ctx: { actors: ActorLoader; actor: RequestActor; companyId: number },
  value: T,
  mask: (value: T) => T,
): Promise<T> {
  return (await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId)) ? mask(value) : value;
}
