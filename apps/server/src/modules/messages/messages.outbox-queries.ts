import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, type SendState } from '../../db/schema/index.js';

/** States of a send not finished yet, as the partial index messages_outbox_idx states them. */
const UNFINISHED = sql`${messages.sendState} in ('pending', 'sending', 'unknown', 'retrying')`;

const seconds = (value: number) => sql`(${value}::double precision * interval '1 second')`;

export interface ClaimOptions {
  owner: string;
  leaseSeconds: number;
  limit: number;
  /** A condition on the message's connection this process must meet to send it (a WhatsApp session's holder). */
  mayDeliver: (connectionId: SQL) => SQL;
}

/**
 * Claims up to `limit` sends for `owner` for the lease time: of each conversation only its oldest
 * unfinished message (so a later one never overtakes it), once it is due and nobody else's lease
 * holds it. A message another process is claiming right now is skipped, not waited for. A "sending"
 * head stays where it is: whether its request left is unknown, and `expireSendingLeases` says so.
 * The one query across companies (the outbox is a platform worker); each row carries its company.
 */
export async function claimSends(db: Db, options: ClaimOptions) {
  const result = await db.execute(sql`
    with heads as (
      select distinct on (ticket_id) id from messages
      where ${UNFINISHED}
      order by ticket_id, id
    ), ready as (
      select m.id from messages m
      where m.id in (select id from heads)
        and m.send_state in ('pending', 'retrying', 'unknown')
        and m.next_attempt_at <= now()
        and (m.send_lease_expires_at is null or m.send_lease_expires_at < now())
        and ${options.mayDeliver(sql`m.connection_id`)}
      order by m.next_attempt_at, m.id
      limit ${options.limit}
      for update of m skip locked
    )
    update messages set send_lease_owner = ${options.owner},
      send_lease_expires_at = now() + ${seconds(options.leaseSeconds)}
    from ready where messages.id = ready.id
    returning messages.id, messages.company_id`);
  return (result as unknown as { rows: { id: number | string; company_id: number }[] }).rows.map((row) => ({
    messageId: Number(row.id),
    companyId: row.company_id,
  }));
}

/** Keeps this process's claims alive while it works on them. */
export async function renewSendLeases(db: Db, owner: string, ids: number[], leaseSeconds: number) {
  if (ids.length === 0) return;
  await db
    .update(messages)
    .set({ sendLeaseExpiresAt: sql`now() + ${seconds(leaseSeconds)}` })
    .where(and(inArray(messages.id, ids), eq(messages.sendLeaseOwner, owner)));
}

/**
 * A send whose process stopped renewing its lease while its request may have been in flight (the
 * process died mid-send, or its result could not be stored): it is not repeated blindly but waits,
 * as after a timeout, for a status that tells. Answers the rows changed.
 */
export function expireSendingLeases(db: Db, unknownWaitSeconds: number) {
  return db
    .update(messages)
    .set({
      sendState: 'unknown',
      nextAttemptAt: sql`now() + ${seconds(unknownWaitSeconds)}`,
      sendLeaseOwner: null,
      sendLeaseExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(and(UNFINISHED, eq(messages.sendState, 'sending'), sql`${messages.sendLeaseExpiresAt} < now()`))
    .returning();
}

/** `owner`'s claimed message, about to be requested: answers it, or nothing when it was cancelled or settled meanwhile. */
export async function startSending(db: Db, owner: string, messageId: number) {
  const [row] = await db
    .update(messages)
    .set({ sendState: 'sending', sendAttempts: sql`${messages.sendAttempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.sendLeaseOwner, owner),
        inArray(messages.sendState, ['pending', 'retrying', 'unknown']),
      ),
    )
    .returning();
  return row;
}

/** Where a request's outcome leaves the message; only the owner's send in flight changes. */
export type Outcome =
  | { state: 'sent'; ack: number; externalId: string }
  | { state: 'failed'; reason: string }
  | { state: 'unknown'; waitSeconds: number }
  | { state: 'retrying'; delaySeconds: number; horizonHours: number; reason: string };

export function settleSend(db: Db, owner: string, messageId: number, outcome: Outcome) {
  const released = { sendLeaseOwner: null, sendLeaseExpiresAt: null, updatedAt: new Date() };
  const values =
    outcome.state === 'sent'
      ? {
          sendState: 'sent' as SendState,
          ack: sql`greatest(${messages.ack}, ${outcome.ack})`,
          externalId: outcome.externalId,
          failedReason: null,
        }
      : outcome.state === 'failed'
        ? { sendState: 'failed' as SendState, ack: -1, failedReason: outcome.reason.slice(0, 500) }
        : outcome.state === 'unknown'
          ? { sendState: 'unknown' as SendState, nextAttemptAt: sql`now() + ${seconds(outcome.waitSeconds)}` }
          : retryValues(outcome);
  return db
    .update(messages)
    .set({ ...values, ...released })
    .where(
      and(eq(messages.id, messageId), eq(messages.sendLeaseOwner, owner), eq(messages.sendState, 'sending')),
    )
    .returning();
}

/**
 * Tried again after `delaySeconds`, but never past the horizon counted from when it was written:
 * the last try is at the horizon, and a refusal then fails it.
 */
function retryValues(outcome: Extract<Outcome, { state: 'retrying' }>) {
  const horizon = sql`${messages.createdAt} + ${seconds(outcome.horizonHours * 3600)}`;
  const over = sql`now() >= ${horizon}`;
  return {
    sendState: sql`case when ${over} then 'failed' else 'retrying' end`,
    ack: sql`case when ${over} then -1 else ${messages.ack} end`,
    failedReason: sql`case when ${over} then ${outcome.reason.slice(0, 500)} else null end`,
    nextAttemptAt: sql`least(now() + ${seconds(outcome.delaySeconds)}, ${horizon})`,
  };
}

/**
 * The channel told us what became of a send it took (a status naming our message id): the send is
 * settled with the channel's id whatever state it was in, even while its own request is still in
 * flight here (whose late answer then changes nothing). `ack` -1 fails it with `reason`.
 */
export function reconcileSend(
  db: Db,
  target: { companyId: number; connectionId: number; messageId: number },
  status: { externalId: string; ack: number; reason?: string },
) {
  const values =
    status.ack < 0
      ? { sendState: 'failed' as SendState, ack: -1, failedReason: status.reason ?? 'ERR_SENDING_WAPP_MSG' }
      : { sendState: 'sent' as SendState, ack: status.ack, failedReason: null };
  return db
    .update(messages)
    .set({
      ...values,
      externalId: status.externalId,
      sendLeaseOwner: null,
      sendLeaseExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.companyId, target.companyId),
        eq(messages.connectionId, target.connectionId),
        eq(messages.id, target.messageId),
        eq(messages.fromMe, true),
        UNFINISHED,
      ),
    )
    .returning();
}

/**
 * The attendant withdraws a send still waiting (pending or retrying): answers it if it was. A process
 * that claimed it and has not started its request finds it cancelled (`startSending`) and leaves it.
 */
export async function cancelSend(db: Db, companyId: number, messageId: number) {
  const [row] = await db
    .update(messages)
    .set({ sendState: 'cancelled', ack: -1, failedReason: 'ERR_SEND_CANCELLED', updatedAt: new Date() })
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.id, messageId),
        inArray(messages.sendState, ['pending', 'retrying']),
      ),
    )
    .returning();
  return row;
}
