import { and, eq, sql } from 'drizzle-orm';
import {
  type campaigns,
  type connections,
  contactListItems,
  contacts,
  type messages,
} from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import {
  type OutboundDelivery,
  PermanentSendError,
  UncertainSendError,
} from '../../platform/ports/channel-adapter.js';
import { companyHasChannel } from '../connections/connections.plan.js';
import { findOrCreateContact } from '../contacts/contacts.resolution.js';
import { type ShippingOutcome, type ShippingRow, startShipping } from './campaigns.dispatcher-queries.js';
import { templateFor } from './campaigns.dispatcher-template.js';

type CampaignRow = typeof campaigns.$inferSelect;
type ConnectionRow = typeof connections.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;

/** PostgreSQL's unique violation: the recipient's contact already has a shipping in this campaign. */
const UNIQUE_VIOLATION = '23505';

/**
 * A campaign send as the channel adapters take a message. It is stored nowhere: a campaign opens no
 * ticket (docs/decisions.md), so its message has no conversation to live in; id 0 names no message,
 * so the provider's statuses and echoes of it settle nothing in `messages`.
 */
function outboundOf(
  shipping: ShippingRow,
  connection: ConnectionRow,
  contact: ContactRow,
  content: Pick<typeof messages.$inferSelect, 'body' | 'mediaPath' | 'mediaType' | 'mediaName' | 'template'>,
): typeof messages.$inferSelect {
  const now = new Date();
  return {
    id: 0,
    companyId: shipping.companyId,
    ticketId: 0,
    contactId: contact.id,
    connectionId: connection.id,
    userId: null,
    externalId: null,
    fromMe: true,
    ack: 0,
    failedReason: null,
    kind: 'campaign',
    mediaStatus: null,
    mediaError: null,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    quotedMessageId: null,
    participant: null,
    sendState: 'sending',
    sendAttempts: 1,
    nextAttemptAt: null,
    sendLeaseOwner: null,
    sendLeaseExpiresAt: null,
    queueId: null,
    createdAt: now,
    updatedAt: now,
    ...content,
  };
}

/** The stored file's family, from its extension (campaign media are stored by their upload's kind). */
function mediaTypeOf(path: string) {
  const ext = path.split('.').pop()?.toLowerCase() ?? '';
  if (['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(ext)) return 'image';
  if (['mp4', '3gp', 'mov', 'webm'].includes(ext)) return 'video';
  if (['ogg', 'opus', 'mp3', 'm4a', 'aac', 'wav'].includes(ext)) return 'audio';
  return 'application';
}

/** The recipient as a contact of the connection's channel: the tag's contact, or found (else created) by number. */
async function recipientContact(deps: AppDeps, connection: ConnectionRow, shipping: ShippingRow) {
  const { companyId } = shipping;
  const known = eq(
    contacts.id,
    shipping.contactId ??
      sql`(select contact_id from contact_identities
        where company_id = ${companyId} and kind = 'phone' and value = ${shipping.number})`,
  );
  const [found] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), known));
  if (found) return found;
  const [item] = shipping.contactListItemId
    ? await deps.db
        .select({ name: contactListItems.name, email: contactListItems.email })
        .from(contactListItems)
        .where(
          and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, shipping.contactListItemId)),
        )
    : [];
  const contactId = await deps.db.transaction((tx) =>
    findOrCreateContact(tx, {
      companyId,
      connectionId: connection.id,
      channel: connection.channel,
      identity: { kind: 'phone', value: shipping.number },
      contact: { name: item?.name || shipping.number, number: shipping.number, email: item?.email },
    }),
  );
  const [created] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  return created;
}

/**
 * Sends a claimed shipping's next step through the connection's adapter (`deps.channels`, never a
 * channel import): the confirmation request, or the message and then the campaign's file. Answers the
 * outcome to store, or undefined when the claim was lost (a new lease holder settled it).
 */
export async function sendShipping(
  deps: AppDeps,
  campaign: CampaignRow,
  shipping: ShippingRow,
  connection: ConnectionRow,
): Promise<ShippingOutcome | undefined> {
  // A plan that lost the channel sends no more of the campaign through it (nor creates its contacts).
  if (!(await companyHasChannel(deps, shipping.companyId, connection.channel)))
    return { state: 'failed', reason: 'ERR_PLAN_FEATURE_DISABLED' };
  const adapter = deps.channels.get(connection.channel);
  const contact = await recipientContact(deps, connection, shipping);
  if (!adapter || !contact) return { state: 'failed', reason: 'ERR_SENDING_WAPP_MSG' };
  try {
    if (!(await startShipping(deps.db, shipping, contact.id, deps.now()))) return undefined;
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION)
      return { state: 'failed', reason: 'ERR_DUPLICATED_LIST_ITEM' };
    throw error;
  }
  const requesting = campaign.confirmation && shipping.confirmationRequestedAt === null;
  const body = requesting ? shipping.confirmationMessage : shipping.message;
  // The first message opens the conversation: where the channel has templates, the campaign's one (all
  // Meta takes outside the 24-hour window). A "yes" reopened the window, so the message after it is text.
  const template = adapter.templates && (requesting || !campaign.confirmation) ? campaign.template : null;
  const none = { mediaPath: null, mediaType: null, mediaName: null };
  try {
    const content = template
      ? await templateFor(deps, template, shipping, contact)
      : { body, template: null };
    const sent = await adapter.send({
      connection,
      contact,
      message: outboundOf(shipping, connection, contact, { ...content, ...none }),
    });
    // A file is free-form, which Meta refuses after a template outside the window: a template carries its own.
    if (!requesting && !template) await sendMedia(deps, { connection, contact, shipping, campaign });
    return { state: requesting ? 'requested' : 'delivered', externalId: sent.externalId };
  } catch (error) {
    if (error instanceof PermanentSendError) return { state: 'failed', reason: error.reason };
    // It may have reached the recipient: never sent again (as the outbox treats an unknown outcome).
    if (error instanceof UncertainSendError) return { state: 'failed', reason: 'ERR_SEND_UNKNOWN' };
    deps.log.warn(loggableError(error), 'campaign send refused for now: retrying');
    return { state: 'released' };
  }
}

/** The campaign's file after its text; the text reached the recipient, so a failing file only logs. */
async function sendMedia(
  deps: AppDeps,
  delivery: Omit<OutboundDelivery, 'message'> & { shipping: ShippingRow; campaign: CampaignRow },
) {
  const { connection, contact, shipping, campaign } = delivery;
  const adapter = deps.channels.get(connection.channel);
  const mediaPath = campaign.mediaPath;
  if (!adapter || !mediaPath) return;
  const media = { body: '', mediaPath, mediaType: mediaTypeOf(mediaPath), mediaName: campaign.mediaName };
  const message = outboundOf(shipping, connection, contact, { ...media, template: null });
  try {
    await adapter.send({ connection, contact, message });
  } catch (error) {
    deps.log.warn(loggableError(error), 'campaign file not sent');
  }
}
