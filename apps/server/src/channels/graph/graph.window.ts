import { and, eq, max } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import type { OutboundDelivery } from '../../platform/ports/channel-adapter.js';
import { PermanentSendError } from '../../platform/ports/channel-adapter.js';

const DAY_MS = 24 * 3600_000;
/** Meta allows free-form messages for 24 hours after the customer's last message. */
const WINDOW_MS = DAY_MS;
/** Messenger and Instagram still take a reply tagged HUMAN_AGENT up to 7 days after it. */
const HUMAN_AGENT_MS = 7 * DAY_MS;

/** When the customer last wrote on this connection, whatever the ticket. */
async function lastCustomerMessageAt(deps: AppDeps, delivery: OutboundDelivery): Promise<Date | null> {
  const [row] = await deps.db
    .select({ at: max(messages.createdAt) })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, delivery.message.companyId),
        eq(messages.contactId, delivery.contact.id),
        eq(messages.connectionId, delivery.connection.id),
        eq(messages.fromMe, false),
      ),
    );
  return row?.at ?? null;
}

/**
 * Refuses before calling Meta when the window is known to be closed; Meta's own refusal (131047,
 * 10/2018278) is still handled for the cases our clock cannot see.
 */
export async function requireOpenWindow(deps: AppDeps, delivery: OutboundDelivery, now = Date.now()) {
  const last = await lastCustomerMessageAt(deps, delivery);
  if (!last || now - last.getTime() > WINDOW_MS)
    throw new PermanentSendError('ERR_OUTSIDE_WINDOW', 'the customer has not written in the last 24 hours');
}

/**
 * How a Messenger or Instagram reply goes out (protocols §3.2, §4.3): a RESPONSE within 24 hours, a
 * HUMAN_AGENT message up to 7 days, and nothing after, refused before calling Meta.
 */
export async function messagingTypeOf(deps: AppDeps, delivery: OutboundDelivery, now = Date.now()) {
  const last = await lastCustomerMessageAt(deps, delivery);
  const age = last ? now - last.getTime() : Number.POSITIVE_INFINITY;
  if (age <= WINDOW_MS) return { messaging_type: 'RESPONSE' };
  if (age <= HUMAN_AGENT_MS) return { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' };
  throw new PermanentSendError('ERR_OUTSIDE_WINDOW', 'the customer has not written in the last 7 days');
}
