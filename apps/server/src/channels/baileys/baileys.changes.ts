import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';
import { publishMessageUpdates } from '../../modules/messages/messages.delivery.js';
import { findByExternalId, updateLiveMessage } from '../../modules/messages/messages.queries.js';
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
  if (row) await publishMessageUpdates(deps, [row]);
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
  await publishMessageUpdates(deps, rows);
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
  if (row) await publishMessageUpdates(deps, [row]);
}
