import type { Campaign } from '@balcao/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { campaigns } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { campaignAnswerOf, findCampaignRow } from './campaigns.answer.js';
import { wakeCampaign } from './campaigns.dispatcher.js';
import { isComplete, startCampaign } from './campaigns.dispatcher-start.js';
import { publishCampaign } from './campaigns.events.js';

async function requireCampaign(ctx: Ctx, id: number) {
  const row = await findCampaignRow(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return row;
}

/**
 * `POST /campaigns/:id/cancel`: a running or scheduled campaign stops. The dispatcher's claim checks
 * the status, so no send starts after this commits; the one in flight, if any, completes.
 */
export async function cancelCampaign(ctx: Ctx, id: number): Promise<Campaign> {
  const [row] = await ctx.db
    .update(campaigns)
    .set({ status: 'CANCELADA' })
    .where(
      and(
        eq(campaigns.companyId, ctx.companyId),
        eq(campaigns.id, id),
        inArray(campaigns.status, ['EM_ANDAMENTO', 'PROGRAMADA']),
      ),
    )
    .returning();
  if (!row) {
    await requireCampaign(ctx, id);
    throw new AppError('ERR_CAMPAIGN_STATUS');
  }
  const answer = await campaignAnswerOf(ctx, row);
  publishCampaign(ctx, ctx.companyId, { action: 'update', record: answer });
  return answer;
}

/**
 * `POST /campaigns/:id/restart`: a cancelled campaign runs again at once. Recipients added to its
 * list since are planned too; those already sent to keep their shipping and are not sent again.
 */
export async function restartCampaign(ctx: Ctx, id: number): Promise<Campaign> {
  const row = await requireCampaign(ctx, id);
  if (row.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_STATUS');
  if (!isComplete(row)) throw new AppError('ERR_CAMPAIGN_INCOMPLETE');
  const started = await startCampaign(ctx.db, row, 'CANCELADA', ctx.now());
  if (!started) throw new AppError('ERR_CAMPAIGN_STATUS');
  await wakeCampaign(ctx, started);
  const answer = await campaignAnswerOf(ctx, started);
  publishCampaign(ctx, ctx.companyId, { action: 'update', record: answer });
  return answer;
}
