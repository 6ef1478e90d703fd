import { and, eq } from 'drizzle-orm';
import { contactIdentities } from '../../db/schema/index.js';
import { keepWhatsappJid } from '../../modules/contacts/contacts.whatsapp-jid.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type OutboundDelivery, PermanentSendError } from '../../platform/ports/channel-adapter.js';
import { baileys } from './baileys.lib.js';
import type { WhatsappSocket } from './baileys.socket.js';

type Contact = OutboundDelivery['contact'];

/**
 * The jid WhatsApp addresses a phone number by, as WhatsApp itself answers (protocols.md §1.11): for
 * many Brazilian mobiles it lacks the 9th digit people type, and no rule tells which. A number with
 * no account is a refusal no retry changes; a check that could not be made is retried.
 */
export async function checkNumber(socket: WhatsappSocket, number: string): Promise<string> {
  const [answer] = (await socket.onWhatsApp(number)) ?? [];
  if (!answer?.exists || !answer.jid)
    throw new PermanentSendError('ERR_WAPP_INVALID_CONTACT', 'WhatsApp has no account for this number');
  return baileys().jidNormalizedUser(answer.jid);
}

/** checkNumber for a request that waits on it: a number with no account is the caller's error. */
export const checkNumberNow = (socket: WhatsappSocket, number: string) =>
  checkNumber(socket, number).catch((error: unknown) => {
    if (error instanceof PermanentSendError) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    throw new AppError('ERR_WAPP_CHECK_CONTACT');
  });

/**
 * The WhatsApp address of a contact: its group, the jid WhatsApp answered for its phone (asked once,
 * then kept), or its LID when WhatsApp never told the phone.
 */
export async function jidOf(deps: AppDeps, socket: WhatsappSocket, contact: Contact): Promise<string> {
  if (contact.number && contact.isGroup) return `${contact.number}@g.us`;
  if (contact.whatsappJid) return contact.whatsappJid;
  if (contact.number) {
    const whatsappJid = await checkNumber(socket, contact.number);
    await keepWhatsappJid(deps.db, contact, whatsappJid);
    return whatsappJid;
  }
  const [lid] = await deps.db
    .select({ value: contactIdentities.value })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.companyId, contact.companyId),
        eq(contactIdentities.contactId, contact.id),
        eq(contactIdentities.kind, 'lid'),
      ),
    );
  if (!lid) throw new AppError('ERR_WAPP_INVALID_CONTACT');
  return `${lid.value}@lid`;
}
