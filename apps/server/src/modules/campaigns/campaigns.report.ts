import type { CampaignReport } from '@balcao/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { budgetProfileOf } from '../connections/connections.budget.js';
import { type CampaignRow, campaignAnswerOf, findCampaignRow } from './campaigns.answer.js';
import { averagePause } from './campaigns.dispatcher-pacing.js';
import { countRecipients } from './campaigns.dispatcher-planning.js';
import { readRun } from './campaigns.dispatcher-queries.js';
import { readCampaignSettings } from './campaigns.settings.js';

const DAY_MS = 24 * 3600_000;

interface Counts {
  total: number;
  confirmation_requested: number;
  confirmation_received: number;
  delivered: number;
  failed: number;
  declined: number;
  expired: number;
  pending: number;
}

/** Every figure of the report in one pass over the campaign's shippings (its campaign_id index). */
async function countShippings(deps: AppDeps, row: CampaignRow): Promise<Counts> {
  const result = await deps.db.execute(sql`
    select count(*)::int as total,
      count(*) filter (where confirmation_requested_at is not null)::int as confirmation_requested,
      count(*) filter (where confirmation)::int as confirmation_received,
      count(*) filter (where delivered_at is not null)::int as delivered,
      count(*) filter (where failed_at is not null)::int as failed,
      count(*) filter (where declined_at is not null)::int as declined,
      count(*) filter (where expired_at is not null)::int as expired,
      count(*) filter (where delivered_at is null and failed_at is null and declined_at is null
        and expired_at is null and (confirmation_requested_at is null or confirmation))::int as pending
    from campaign_shippings where company_id = ${row.companyId} and campaign_id = ${row.id}`);
  const [counts] = (result as unknown as { rows: Counts[] }).rows;
  return counts as Counts;
}

/**
 * When the last pending send should leave: the pacing's average pause, or the connections' budget
 * gap shared among them when that is longer, and a day more for each day's limit the rest exceeds.
 */
async function expectedFinish(deps: AppDeps, row: CampaignRow, pending: number): Promise<string | null> {
  if (pending === 0 || row.status === 'CANCELADA' || row.status === 'FINALIZADA') return null;
  const settings = await readCampaignSettings(deps.db, row.companyId);
  const channels = row.connectionIds.length
    ? await deps.db
        .select({ channel: connections.channel })
        .from(connections)
        .where(and(eq(connections.companyId, row.companyId), inArray(connections.id, row.connectionIds)))
    : [];
  const profiles = channels.flatMap(({ channel }) => budgetProfileOf(channel) ?? []);
  if (profiles.length === 0) return null;
  const gap = profiles.reduce((sum, p) => sum + p.minGapMs + p.jitterMs / 2, 0) / profiles.length ** 2;
  const perSend = Math.max(averagePause(settings), gap);
  const daily = profiles.every((p) => p.dailyLimit !== null)
    ? profiles.reduce((sum, p) => sum + (p.dailyLimit ?? 0), 0)
    : Number.POSITIVE_INFINITY;
  const run = await readRun(deps.db, row.id);
  const now = deps.now().getTime();
  const start = Math.max(now, run?.nextSendAt?.getTime() ?? now, row.scheduledAt?.getTime() ?? now);
  const extraDays = Number.isFinite(daily) ? Math.floor((pending - 1) / daily) : 0;
  return new Date(start + (pending - 1) * perSend + extraDays * DAY_MS).toISOString();
}

/** `GET /campaigns/:id/report`, and the `progress` event's figures. */
export async function campaignReport(deps: AppDeps, companyId: number, id: number): Promise<CampaignReport> {
  const row = await findCampaignRow(deps.db, companyId, id);
  if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  const counts = await countShippings(deps, row);
  // Before it starts nothing is planned yet: its recipients are counted where they are.
  const planned = counts.total > 0 || row.status === 'EM_ANDAMENTO' || row.status === 'FINALIZADA';
  const validContacts = planned ? counts.total : await countRecipients(deps.db, row);
  const pending = planned ? counts.pending : validContacts;
  return {
    campaign: await campaignAnswerOf(deps, row),
    validContacts,
    confirmationRequested: counts.confirmation_requested,
    confirmationReceived: counts.confirmation_received,
    delivered: counts.delivered,
    failed: counts.failed,
    declined: counts.declined,
    expired: counts.expired,
    expectedFinishAt: await expectedFinish(deps, row, pending),
  };
}
