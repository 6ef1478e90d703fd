import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, type SendState } from '../../db/schema/index.js';

/** States of a send not finished yet, as the partial index messages_outbox_idx states them. */
const UNFINISHED = sql`${messages.sendState} in ('pending', 'sending', 'unknown', 'retrying')`;

const seconds = (value: number) => sql`(${value}::double precision * interval '1 second')`;

export interface ClaimOptions {
  owner: string;
  leaseSeconds: number;
  limit: number;
  unknownWaitSeconds: number;
  /** A condition on the message's connection this process must meet to send it (a WhatsApp session's holder). */
  mayDeliver: (connectionId: SQL) => SQL;
}

/**
 * Claims up to `limit` sends for `owner` for the lease time: of each conversation only its oldest
 * unfinished message (so a later one never overtakes it), once it is due and nobody else's lease
 * holds it. A message another process is claiming right now is skipped, not waited for.
 *
 * Each conversation's head is found by one index probe from the last (a skip scan of messages_outbox_idx),
 * and only the heads are then read and locked by id, as they were when locked (FOR UPDATE answers the
 * row's latest version). Written as one set (`distinct on`, then the unfinished rows joined to it), the
 * plan PostgreSQL keeps for it, its statistics seeing almost no unfinished rows, read the whole backlog
 * again for each unfinished row: 25 ms a claim with W5's 400 queued sends, 30 ms of database time a send.
 *
 * The same statement ends the claims of sends whose process stopped renewing its lease while their
 * request may have been in flight (it died mid-send, or its result could not be stored): they are not
 * repeated blindly but wait, as after a timeout, for a status that tells (`unknownWaitSeconds`).
 * The one query across companies (the outbox is a platform worker); each row carries its company.
 */
export async function claimSends(db: Db, options: ClaimOptions) {
  const result = await db.execute(sql`
    with recursive expired as (
      update messages set send_state = 'unknown',
        next_attempt_at = now() + ${seconds(options.unknownWaitSeconds)},
        send_lease_owner = null, send_lease_expires_at = null, updated_at = now()
      where ${UNFINISHED} and send_state = 'sending' and send_lease_expires_at < now()
      returning id, company_id
    ), heads as (
      (select ticket_id, id, send_state, next_attempt_at, send_lease_expires_at, connection_id from messages
        where ${UNFINISHED} order by ticket_id, id limit 1)
      union all
      select next.* from heads h cross join lateral (
        select ticket_id, id, send_state, next_attempt_at, send_lease_expires_at, connection_id from messages
        where ${UNFINISHED} and ticket_id > h.ticket_id order by ticket_id, id limit 1) as next
    ), ready as (
      select m.id, m.send_state, m.send_lease_expires_at from messages m
      where m.id = any(array(
        select h.id from heads h
        where h.send_state in ('pending', 'retrying', 'unknown')
          and h.next_attempt_at <= now()
          and (h.send_lease_expires_at is null or h.send_lease_expires_at < now())
          and ${options.mayDeliver(sql`h.connection_id`)}
        order by h.next_attempt_at, h.id
        limit ${options.limit}))
      for update of m skip locked
    ), claimed as (
      update messages set send_lease_owner = ${options.owner},
        send_lease_expires_at = now() + ${seconds(options.leaseSeconds)}
      from ready where messages.id = ready.id
        and ready.send_state in ('pending', 'retrying', 'unknown')
        and (ready.send_lease_expires_at is null or ready.send_lease_expires_at < now())
      returning messages.id, messages.company_id
    )
    select id, company_id, true as claimed from claimed
    union all select id, company_id, false from expired`);
  const rows = (
    result as unknown as { rows: { id: number | string; company_id: number; claimed: boolean }[] }
  ).rows;
  const keys = (claimed: boolean) =>
    rows
      .filter((row) => row.claimed === claimed)
      .map((row) => ({ messageId: Number(row.id), companyId: row.company_id }));
  return { claimed: keys(true), expired: keys(false) };
}

/** Keeps this process's claims alive while it works on them. */
export async function renewSendLeases(db: Db, owner: string, ids: number[], leaseSeconds: number) {
  if (ids.length === 0) return;
  await db
    .update(messages)
    .set({ sendLeaseExpiresAt: sql`now() + ${seconds(leaseSeconds)}` })
    .where(and(inArray(messages.id, ids), eq(messages.sendLeaseOwner, owner)));
}

/** `owner`'s claimed message, about to be requested: answers it, or nothing when it was cancelled or settled meanwhile. */
export async function startSending(db: Db, owner: string, target: { companyId: number; id: number }) {
  const [row] = await db
    .update(messages)
    // Kept: `updatedAt` dates what the message became (an edit's 15 minutes count from it), not the outbox's steps.
    .set({
      sendState: 'sending',
      sendAttempts: sql`${messages.sendAttempts} + 1`,
      updatedAt: sql`${messages.updatedAt}`,
    })
    .where(
      and(
        eq(messages.companyId, target.companyId),
        eq(messages.id, target.id),
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

export function settleSend(
  db: Db,
  owner: string,
  target: { companyId: number; id: number },
  outcome: Outcome,
) {
  // A retry or a wait is the outbox's own step: `updatedAt` moves only with what the message became.
  const final = outcome.state === 'sent' || outcome.state === 'failed';
  const released = {
    sendLeaseOwner: null,
    sendLeaseExpiresAt: null,
    updatedAt: final ? new Date() : sql`${messages.updatedAt}`,
  };
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
  // Meta's answer is the best news there is: it settles the message even if this process's claim
  // lapsed meanwhile (its lease not renewed in time) and it was marked unknown.
  const mine = and(eq(messages.sendLeaseOwner, owner), eq(messages.sendState, 'sending'));
  const settles = outcome.state === 'sent' ? or(mine, eq(messages.sendState, 'unknown')) : mine;
  return db
    .update(messages)
    .set({ ...released, ...values })
    .where(and(eq(messages.companyId, target.companyId), eq(messages.id, target.id), settles))
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
    updatedAt: sql`case when ${over} then now() else ${messages.updatedAt} end`,
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
