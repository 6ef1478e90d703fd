import type { ErrorCode } from '@balcao/shared';
import { and, between, eq, inArray, lte, sql } from 'drizzle-orm';
import { contactIdentities, messages } from '../../db/schema/index.js';
import { noteShippingStatus } from '../../modules/campaigns/campaigns.dispatcher-inbound.js';
import { publishMessageUpdates } from '../../modules/messages/messages.delivery.js';
import { reconcileSend } from '../../modules/messages/messages.outbox-queries.js';
import type { AppDeps } from '../../platform/context.js';

const ACK_JOB = 'meta.ack';

/** A status of one outbound message, by the id the channel gave it. */
export interface StatusUpdate {
  companyId: number;
  connectionId: number;
  externalId: string;
  /** 1 sent, 2 delivered, 3 read, 4 played; -1 failed with `reason`. */
  ack: number;
  reason?: ErrorCode;
  /** What we sent with the message for Meta to echo (`callbackDataOf`): names our message when its id is not stored yet. */
  callbackData?: string;
}

const CALLBACK_PREFIX = 'balcao:';

/** Our message's id as sent for Meta to echo in statuses (`biz_opaque_callback_data`, Messenger's `metadata`). */
export const callbackDataOf = (message: { id: number }) => `${CALLBACK_PREFIX}${message.id}`;

function messageIdOf(callbackData: string | undefined): number | undefined {
  const id = callbackData?.startsWith(CALLBACK_PREFIX)
    ? Number(callbackData.slice(CALLBACK_PREFIX.length))
    : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const ofConnection = (update: Pick<StatusUpdate, 'companyId' | 'connectionId'>) =>
  and(
    eq(messages.companyId, update.companyId),
    eq(messages.connectionId, update.connectionId),
    eq(messages.fromMe, true),
  );

/**
 * Acks only move forward, and a failure only lands on a message not yet delivered (a "failed"
 * after "read" is a stale report). Answers whether the message is known.
 */
async function applyStatus(deps: AppDeps, update: StatusUpdate): Promise<boolean> {
  const byId = and(ofConnection(update), eq(messages.externalId, update.externalId));
  const changed =
    update.ack < 0
      ? await deps.db
          .update(messages)
          .set({
            ack: -1,
            failedReason: update.reason ?? 'ERR_SENDING_WAPP_MSG',
            sendState: sql`case when ${messages.sendState} is null then null else 'failed' end`,
            updatedAt: new Date(),
          })
          .where(and(byId, between(messages.ack, 0, 1)))
          .returning()
      : await deps.db
          .update(messages)
          .set({ ack: update.ack, updatedAt: new Date() })
          .where(and(byId, sql`${messages.ack} between 0 and ${update.ack - 1}`))
          .returning();
  if (changed.length) {
    await publishMessageUpdates(deps, changed);
    return true;
  }
  const [known] = await deps.db.select({ id: messages.id }).from(messages).where(byId);
  if (known) return true;
  // A campaign's send is stored as its shipping, not as a message.
  if (await noteShippingStatus(deps, update)) return true;
  // The send's own answer was lost or is not stored yet (a timeout): the status settles it, so the
  // outbox does not send it again.
  const messageId = messageIdOf(update.callbackData);
  if (messageId === undefined) return false;
  const reconciled = await reconcileSend(deps.db, { ...update, messageId }, update);
  await publishMessageUpdates(deps, reconciled);
  return reconciled.length > 0;
}

/**
 * A status can outrun the send that caused it (the channel answers the send and fires "sent"
 * before the outbox has stored the id): an unknown id is tried again by a job, so no ack is lost.
 */
export async function recordStatus(deps: AppDeps, update: StatusUpdate): Promise<void> {
  if (await applyStatus(deps, update)) return;
  await deps.jobs.send(ACK_JOB, update, { startAfter: 2, retryLimit: 5, retryDelay: 3, retryBackoff: true });
}

/** Messenger's delivery and read receipts say "everything up to this moment" (a watermark, in ms). */
export async function recordWatermark(
  deps: AppDeps,
  target: { companyId: number; connectionId: number; identity: { kind: string; value: string } },
  watermark: number,
  ack: number,
): Promise<void> {
  const contact = deps.db
    .select({ id: contactIdentities.contactId })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.companyId, target.companyId),
        eq(contactIdentities.kind, target.identity.kind),
        eq(contactIdentities.value, target.identity.value),
      ),
    );
  const changed = await deps.db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(
      and(
        ofConnection(target),
        inArray(messages.contactId, contact),
        lte(messages.createdAt, new Date(watermark)),
        sql`${messages.ack} between 1 and ${ack - 1}`,
      ),
    )
    .returning();
  await publishMessageUpdates(deps, changed);
}

export async function registerAckJobs(deps: AppDeps) {
  await deps.jobs.work<StatusUpdate>(ACK_JOB, async (update) => {
    if (!(await applyStatus(deps, update))) throw new Error(`no message ${update.externalId} yet`);
  });
}
