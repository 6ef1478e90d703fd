import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.js';
import { wakeCampaign } from './campaigns.dispatcher.js';
import { classifyReply } from './campaigns.dispatcher-replies.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
