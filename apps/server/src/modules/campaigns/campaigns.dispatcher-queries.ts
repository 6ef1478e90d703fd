import type { ErrorCode } from '@balcao/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaignRuns, campaignShippings, campaigns } from '../../db/schema/index.js';

export type ShippingRow = typeof campaignShippings.$inferSelect;

const seconds = (value: number) => sql`(${value}::double precision * interval '1 second')`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Neither delivered, failed, declined nor expired: the campaign is not finished while one is. */
const unfinishedOf = (alias: string) =>
  sql.raw(
    ['delivered_at', 'failed_at', 'declined_at', 'expired_at']
      .map((c) => `${alias}.${c} is null`)
      .join(' and '),
  );
const UNFINISHED = unfinishedOf('campaign_shippings');
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** A send whose request started and whose outcome never came back (in the catalogue, so the report can say it). */
const SEND_UNKNOWN: ErrorCode = 'ERR_SEND_UNKNOWN';

/**
 * Takes (or renews) the lease of a campaign's dispatch for `owner`: free, expired, or already its own.
 * On taking it, claims left by an earlier holder are settled: a send whose request had started is an
 * unknown outcome and fails (ERR_SEND_UNKNOWN), never sent again; one that had not started is free
 * again. Answers whether `owner` holds the lease.
 */
export async function takeRunLease(
  db: Db,
  campaign: { companyId: number; id: number },
  owner: string,
  leaseSeconds: number,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const taken = rowsOf<{ owner: string }>(
      await tx.execute(sql`
        insert into campaign_runs (campaign_id, company_id, owner, lease_expires_at)
        values (${campaign.id}, ${campaign.companyId}, ${owner}, now() + ${seconds(leaseSeconds)})
        on conflict (campaign_id) do update set owner = excluded.owner,
          lease_expires_at = excluded.lease_expires_at, updated_at = now()
        where campaign_runs.owner is null or campaign_runs.owner = excluded.owner
          or campaign_runs.lease_expires_at < now()
        returning owner`),
    );
    if (taken.length === 0) return false;
    await tx.execute(sql`
      update campaign_shippings set claimed_at = null, sending = false,
        failed_at = case when sending then ${at(now)} else failed_at end,
        error = case when sending then ${SEND_UNKNOWN} else error end, updated_at = now()
      where campaign_id = ${campaign.id} and company_id = ${campaign.companyId} and claimed_at is not null`);
    return true;
  });
}

export async function renewRunLease(db: Db, campaignId: number, owner: string, leaseSeconds: number) {
  const renewed = await db
    .update(campaignRuns)
    .set({ leaseExpiresAt: sql`now() + ${seconds(leaseSeconds)}` })
    .where(and(eq(campaignRuns.campaignId, campaignId), eq(campaignRuns.owner, owner)))
    .returning({ id: campaignRuns.campaignId });
  return renewed.length > 0;
}

export async function releaseRunLease(db: Db, campaignId: number, owner: string) {
  await db
    .update(campaignRuns)
    .set({ owner: null, leaseExpiresAt: null })
    .where(and(eq(campaignRuns.campaignId, campaignId), eq(campaignRuns.owner, owner)));
}

export async function readRun(db: Db, campaignId: number) {
  const [run] = await db.select().from(campaignRuns).where(eq(campaignRuns.campaignId, campaignId));
  return run;
}

/**
 * Claims the campaign's next send for `connectionId`, in one statement that re-checks what allows it:
 * the campaign still EM_ANDAMENTO (a cancel stops the next send at once), the lease still `owner`'s,
 * and no conversation send due or in flight on that connection (an attendant's reply goes first). The next
 * send is the oldest row neither finished, claimed, nor waiting for its recipient's answer.
 */
export async function claimNextShipping(
  db: Db,
  campaign: { companyId: number; id: number },
  owner: string,
  connectionId: number,
  now: Date,
): Promise<ShippingRow | undefined> {
  const next = sql`(select id from campaign_shippings
    where campaign_id = ${campaign.id} and claimed_at is null and ${UNFINISHED}
      and (confirmation_requested_at is null or confirmation)
    order by id limit 1 for update skip locked)`;
  const [shipping] = await db
    .update(campaignShippings)
    .set({ claimedAt: now, connectionId })
    .where(
      and(
        eq(campaignShippings.companyId, campaign.companyId),
        sql`${campaignShippings.id} = ${next}`,
        sql`exists (select 1 from campaigns c where c.id = ${campaign.id} and c.status = 'EM_ANDAMENTO')`,
        sql`exists (select 1 from campaign_runs r where r.campaign_id = ${campaign.id}
          and r.owner = ${owner} and r.lease_expires_at > now())`,
        sql`not exists (select 1 from messages m where m.connection_id = ${connectionId}
          and m.send_state in ('pending', 'retrying', 'sending') and m.next_attempt_at <= now())`,
      ),
    )
    .returning();
  return shipping;
}

/** Why nothing was claimed: something is still to send (the claim yielded or was refused) or not. */
export async function hasSendable(db: Db, campaignId: number) {
  const rows = rowsOf(
    await db.execute(sql`select 1 from campaign_shippings where campaign_id = ${campaignId}
      and claimed_at is null and ${UNFINISHED} and (confirmation_requested_at is null or confirmation) limit 1`),
  );
  return rows.length > 0;
}

/** The claimed send's request starts now: from here a crash leaves its outcome unknown. */
export async function startShipping(db: Db, shipping: ShippingRow, contactId: number, now: Date) {
  const started = await db
    .update(campaignShippings)
    .set({ sending: true, contactId, lastSentAt: now })
    .where(
      and(
        eq(campaignShippings.companyId, shipping.companyId),
        eq(campaignShippings.id, shipping.id),
        sql`${campaignShippings.claimedAt} is not null`,
      ),
    )
    .returning({ id: campaignShippings.id });
  return started.length > 0;
}

export type ShippingOutcome =
  | { state: 'requested' | 'delivered'; externalId: string }
  | { state: 'failed'; reason: ErrorCode }
  | { state: 'released' };

/**
 * Stores a claimed send's outcome and counts it for the pacing, in one statement. A "delivered" lands
 * even on a row a new lease holder had failed as unknown: the channel's answer is the better news.
 */
export async function settleShipping(
  db: Db,
  shipping: ShippingRow,
  outcome: ShippingOutcome,
  pacing: { now: Date; nextSendAt: Date },
) {
  const { now } = pacing;
  const values =
    outcome.state === 'requested'
      ? sql`confirmation_requested_at = ${at(now)}, external_id = ${outcome.externalId}`
      : outcome.state === 'delivered'
        ? sql`delivered_at = ${at(now)}, failed_at = null, error = null, external_id = ${outcome.externalId}`
        : outcome.state === 'failed'
          ? sql`failed_at = ${at(now)}, error = ${outcome.reason.slice(0, 500)}`
          : sql`last_sent_at = null`;
  const counted = outcome.state === 'released' ? 0 : 1;
  await db.execute(sql`
    with settled as (
      update campaign_shippings set ${values}, claimed_at = null, sending = false, updated_at = now()
      where id = ${shipping.id} and company_id = ${shipping.companyId}
        and (claimed_at is not null or ${outcome.state === 'delivered'} and error = ${SEND_UNKNOWN})
      returning id
    )
    update campaign_runs set sends = sends + ${counted}, next_send_at = ${at(pacing.nextSendAt)}
    where campaign_id = ${shipping.campaignId} and exists (select 1 from settled)`);
}

/**
 * Expires the confirmation requests unanswered for `expiryHours` once nothing else of the campaign is
 * left to send, then finishes it when every shipping is final. Answers whether it finished.
 */
export async function finishIfDone(
  db: Db,
  campaign: { companyId: number; id: number },
  now: Date,
  expiryHours: number,
) {
  const expiredBefore = new Date(now.getTime() - expiryHours * 3600_000);
  await db.execute(sql`
    update campaign_shippings set expired_at = ${at(now)}, updated_at = now()
    where campaign_id = ${campaign.id} and company_id = ${campaign.companyId} and ${UNFINISHED}
      and confirmation_requested_at < ${at(expiredBefore)} and confirmation is null and claimed_at is null
      and not exists (select 1 from campaign_shippings o where o.campaign_id = ${campaign.id}
        and ${unfinishedOf('o')} and (o.confirmation_requested_at is null or o.confirmation))`);
  const finished = await db
    .update(campaigns)
    .set({ status: 'FINALIZADA', completedAt: now })
    .where(
      and(
        eq(campaigns.companyId, campaign.companyId),
        eq(campaigns.id, campaign.id),
        eq(campaigns.status, 'EM_ANDAMENTO'),
        sql`not exists (select 1 from campaign_shippings s where s.campaign_id = ${campaign.id} and ${unfinishedOf('s')})`,
      ),
    )
    .returning({ id: campaigns.id });
  return finished.length > 0;
}

/** Campaigns running now that no live lease holds and that have something to send: resumed by the sweep. */
export async function findOrphanedRuns(db: Db) {
  return rowsOf<{ id: number; company_id: number }>(
    await db.execute(sql`
      select c.id, c.company_id from campaigns c
      left join campaign_runs r on r.campaign_id = c.id
      where c.status = 'EM_ANDAMENTO' and (r.owner is null or r.lease_expires_at < now())
      order by c.id limit 100`),
  ).map((row) => ({ id: Number(row.id), companyId: Number(row.company_id) }));
}

/** Fails what is left of a campaign none of whose connections can send it, so it still finishes. */
export async function failUnsendable(
  db: Db,
  campaign: { companyId: number; id: number },
  reason: ErrorCode,
  now: Date,
) {
  await db.execute(sql`
    update campaign_shippings set failed_at = ${at(now)}, error = ${reason}, updated_at = now()
    where campaign_id = ${campaign.id} and company_id = ${campaign.companyId} and ${UNFINISHED}
      and claimed_at is null`);
}
