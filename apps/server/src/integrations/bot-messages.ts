import type { tickets } from '../db/schema/index.js';
import { storeOutbound } from '../modules/messages/messages.outbox.js';
import type { AppDeps } from '../platform/context.js';

export type TicketRow = typeof tickets.$inferSelect;

/** A message the bot sends on the ticket, marked as the bot's and delivered through the outbox. */
export function sendBotMessage(
  deps: AppDeps,
  ticket: TicketRow,
  body: string,
  options: { sendAt?: Date; media?: { mediaPath: string; mediaType: string; mediaName: string | null } } = {},
) {
  return storeOutbound(deps, {
    companyId: ticket.companyId,
    ticket: {
      id: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      queueId: ticket.queueId,
    },
    body,
    kind: 'bot',
    userId: null,
    ...options,
  });
}

/** Bubbles leave one after another, `delayMs` apart, as scheduled deliveries (nobody sleeps). */
export async function sendBotMessages(deps: AppDeps, ticket: TicketRow, bodies: string[], delayMs = 0) {
  const start = Date.now();
  for (const [index, body] of bodies.entries()) {
    const sendAt = index > 0 && delayMs > 0 ? new Date(start + index * delayMs) : undefined;
    await sendBotMessage(deps, ticket, body, { sendAt });
  }
}
