import type { Ticket } from '@balcao/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messages, tickets } from '../../db/schema/index.js';
import {
  findByExternalId,
  findQuoted,
  toMessage,
  updateLiveMessage,
} from '../../modules/messages/messages.queries.js';
import { publishMessage } from '../../modules/tickets/tickets.events.js';
import { loadTicket } from '../../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../../platform/context.js';
import type { Mapped } from './baileys.inbound.js';

/** The customer edited or deleted for everyone a message we stored: the agents see it change. */
export async function changeStoredMessage(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  change: Extract<Mapped, { kind: 'edit' | 'revoke' }>,
) {
  const stored = await findByExternalId(
    deps.db,
    target.companyId,
    target.connectionId,
    change.targetExternalId,
  );
  if (!stored) return;
  const values = change.kind === 'edit' ? { body: change.body, isEdited: true } : { isDeleted: true };
  const row = await updateLiveMessage(deps.db, target.companyId, stored.id, values);
  if (!row) return;
  const ticket = (await loadTicket(
    deps.db,
    deps.links,
    target.companyId,
    eq(tickets.id, row.ticketId),
  )) as Ticket;
  const quoted = await findQuoted(deps.db, row);
  publishMessage(deps, target.companyId, 'update', toMessage(row, deps.links, quoted), ticket);
}

/**
 * A reaction was taken back: the reactions of that author under the message (theirs are stored as
 * messages quoting it) are marked deleted, and the open chats update them as they do any reaction.
 */
export async function takeBackReaction(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  change: Extract<Mapped, { kind: 'unreact' }>,
) {
  const reacted = await findByExternalId(
    deps.db,
    target.companyId,
    target.connectionId,
    change.targetExternalId,
  );
  if (!reacted) return;
  const rows = await deps.db
    .update(messages)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(
      and(
        eq(messages.companyId, target.companyId),
        eq(messages.quotedMessageId, reacted.id),
        eq(messages.mediaType, 'reactionMessage'),
        eq(messages.fromMe, change.fromMe),
        change.participant ? eq(messages.participant, change.participant) : isNull(messages.participant),
        eq(messages.isDeleted, false),
      ),
    )
    .returning();
  for (const row of rows) {
    const ticket = (await loadTicket(
      deps.db,
      deps.links,
      target.companyId,
      eq(tickets.id, row.ticketId),
    )) as Ticket;
    publishMessage(deps, target.companyId, 'update', toMessage(row, deps.links, reacted), ticket);
  }
}

/**
 * WhatsApp refused a message it had taken (an ERROR receipt): it is failed with WhatsApp's reason,
 * unless it already reached the phone (delivered or read say otherwise).
 */
export async function failSentMessage(deps: AppDeps, companyId: number, messageId: number, reason: string) {
  const [row] = await deps.db
    .update(messages)
    .set({ ack: -1, failedReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId), inArray(messages.ack, [0, 1])))
    .returning();
  if (!row) return;
  const ticket = (await loadTicket(deps.db, deps.links, companyId, eq(tickets.id, row.ticketId))) as Ticket;
  const quoted = await findQuoted(deps.db, row);
  publishMessage(deps, companyId, 'update', toMessage(row, deps.links, quoted), ticket);
}
