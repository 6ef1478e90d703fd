import type { ErrorCode } from '@balcao/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.js';
import { wakeCampaign } from './campaigns.dispatcher.js';
import { classifyReply } from './campaigns.dispatcher-replies.js';
import { createProgress } from './campaigns.report-events.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One throttled report publisher per app, for the changes that come in after the sends. */
const progressOf = new WeakMap<AppDeps, ReturnType<typeof createProgress>>();

/**
 * A customer's message, from the intake: when it answers a running campaign's confirmation request
 * (yes, no or the opt-out word), the request is settled. Yes wakes the campaign to send its message;
 * no and the opt-out word decline it, and nothing more is sent to them by that campaign.
 */
export async function noteCampaignReply(
  deps: AppDeps,
  reply: { companyId: number; contactId: number; body: string },
) {
  const answer = classifyReply(reply.body);
  if (!answer) return;
  const now = deps.now().toISOString();
  const settled = rowsOf<{ campaign_id: number }>(
    await deps.db.execute(sql`
      update campaign_shippings s set confirmation = ${answer === 'yes'},
        confirmed_at = case when ${answer === 'yes'} then ${now}::timestamptz end,
        declined_at = case when ${answer === 'yes'} then null else ${now}::timestamptz end, updated_at = now()
      where s.company_id = ${reply.companyId} and s.contact_id = ${reply.contactId}
        and s.confirmation_requested_at is not null and s.confirmation is null
        and s.delivered_at is null and s.failed_at is null and s.expired_at is null
        and exists (select 1 from campaigns c where c.id = s.campaign_id and c.status = 'EM_ANDAMENTO')
      returning s.campaign_id`),
  );
  for (const { campaign_id } of settled)
    await wakeCampaign(deps, { companyId: reply.companyId, id: Number(campaign_id) });
}

/**
 * Whether a message the business sent (a Baileys fromMe copy) is a campaign's own send: by the id its
 * send answered, or, when the copy arrives before that answer was stored, by the text of a send in
 * flight on that connection. Such a copy is no conversation: it opens no ticket.
 */
export async function isCampaignEcho(
  deps: AppDeps,
  copy: { companyId: number; connectionId: number; externalId: string; body: string },
) {
  const recent = new Date(deps.now().getTime() - 10 * 60_000).toISOString();
  const rows = rowsOf(
    await deps.db.execute(sql`
      select 1 from campaign_shippings
      where company_id = ${copy.companyId} and connection_id = ${copy.connectionId}
        and (external_id = ${copy.externalId}
          or sending and last_sent_at >= ${recent}::timestamptz
            and (message = ${copy.body} or confirmation_message = ${copy.body}))
      limit 1`),
  );
  return rows.length > 0;
}

/**
 * A status the channel reports after the send was answered (a Cloud API `failed` webhook, such as
 * 131047 for a closed window), for a campaign's send: found by the id its send answered on that
 * connection. A failure fails the shipping with the channel's reason, delivered no more, and the
 * report is sent again. Answers whether a campaign send had that id (its other statuses change
 * nothing: a shipping counts delivered from the channel's acceptance).
 */
export async function noteShippingStatus(
  deps: AppDeps,
  status: { companyId: number; connectionId: number; externalId: string; ack: number; reason?: ErrorCode },
) {
  const reason: ErrorCode = status.reason ?? 'ERR_SENDING_WAPP_MSG';
  const rows = rowsOf<{ campaign_id: number; failed: boolean }>(
    await deps.db.execute(sql`
      with found as (
        select id, campaign_id from campaign_shippings
        where company_id = ${status.companyId} and connection_id = ${status.connectionId}
          and external_id = ${status.externalId}
      ), failed as (
        update campaign_shippings s set failed_at = ${deps.now().toISOString()}::timestamptz,
          error = ${reason}, delivered_at = null, updated_at = now()
        from found where s.id = found.id and ${status.ack < 0}
          and s.failed_at is null and s.declined_at is null and s.expired_at is null
        returning s.id
      )
      select found.campaign_id, exists (select 1 from failed where failed.id = found.id) as failed
      from found`),
  );
  const failed = rows.find((row) => row.failed);
  if (failed) {
    const progress = progressOf.get(deps) ?? createProgress(deps);
    progressOf.set(deps, progress);
    await progress({ companyId: status.companyId, id: Number(failed.campaign_id) });
  }
  return rows.length > 0;
}
