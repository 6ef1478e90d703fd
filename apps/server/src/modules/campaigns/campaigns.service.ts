import {
  CAMPAIGN_EDIT_LEAD_MS,
  type Campaign,
  type CreateCampaignBody,
  instantOf,
  isCampaignEditable,
  type listCampaignsQuery,
  msg,
  PAGE_SIZE,
  type UpdateCampaignBody,
} from '@balcao/shared';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { campaigns } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  type CampaignRow,
  campaignAnswers,
  findCampaignAnswer,
  findCampaignRow,
  templateChoiceOf,
} from './campaigns.answer.js';
import { sweepAt } from './campaigns.dispatcher.js';
import { publishCampaign } from './campaigns.events.js';
import { checkComplete, checkReferences, lockedFieldChanged, savedFields } from './campaigns.fields.js';
import { searchCampaigns } from './campaigns.queries.js';
import { waitingStatus } from './campaigns.rules.js';
import { savedTemplate } from './campaigns.templates.js';

export async function listCampaigns(ctx: Ctx, query: z.infer<typeof listCampaignsQuery>) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchCampaigns(ctx.db, ctx.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return {
    records: await campaignAnswers(ctx.db, ctx.links, ctx.companyId, rows),
    hasMore: offset + rows.length < total,
    count: total,
  };
}

/** A campaign of the caller's company; the dispatcher's report reads it through `findCampaignAnswer`. */
export async function showCampaign(ctx: Ctx, id: number): Promise<Campaign> {
  const answer = await findCampaignAnswer(ctx, ctx.companyId, id);
  if (!answer) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return answer;
}

async function answerOf(ctx: Ctx, row: CampaignRow): Promise<Campaign> {
  const [answer] = await campaignAnswers(ctx.db, ctx.links, ctx.companyId, [row]);
  if (!answer) throw new AppError('ERR_INTERNAL');
  return answer;
}

/** A schedule set now must lie ahead: one in the past would start the campaign unannounced. */
function checkFuture(ctx: Ctx, scheduledAt: Date | null | undefined) {
  if (scheduledAt && scheduledAt.getTime() <= ctx.now().getTime())
    throw new AppError('ERR_VALIDATION', 'The schedule is in the past', { scheduledAt: msg.invalidValue });
}

const scheduleOf = (ctx: Ctx, text: string | null | undefined) =>
  text === null || text === undefined ? text : instantOf(text, ctx.actor.company.timezone);

export async function createCampaign(ctx: Ctx, input: CreateCampaignBody): Promise<Campaign> {
  const fields = savedFields(input, scheduleOf(ctx, input.scheduledAt));
  const scheduledAt = fields.scheduledAt ?? null;
  checkFuture(ctx, scheduledAt);
  const values = { ...fields, connectionIds: fields.connectionIds ?? [], scheduledAt };
  checkComplete(values);
  await checkReferences(ctx, fields);
  const template = await savedTemplate(ctx, input.template ?? null, values.connectionIds);
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      ...values,
      template,
      name: input.name,
      companyId: ctx.companyId,
      status: waitingStatus(scheduledAt),
    })
    .returning();
  if (!row) throw new AppError('ERR_INTERNAL');
  const record = await answerOf(ctx, row);
  publishCampaign(ctx, ctx.companyId, { action: 'create', record });
  if (row.scheduledAt) await sweepAt(ctx, row.scheduledAt);
  return record;
}

/**
 * Saved only while editable (spec 001 §2); the update is conditional on the status read, so a
 * campaign the dispatcher started meanwhile is refused rather than changed under its sends.
 */
export async function updateCampaign(ctx: Ctx, id: number, input: UpdateCampaignBody): Promise<Campaign> {
  const current = await findCampaignRow(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  const now = ctx.now();
  if (!isCampaignEditable(current.status as Campaign['status'], current.scheduledAt, now))
    throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
  const changes = savedFields(input, scheduleOf(ctx, input.scheduledAt));
  if (current.status === 'CANCELADA' && lockedFieldChanged(current, changes))
    throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'A cancelled campaign only takes new messages');
  if (changes.scheduledAt?.getTime() !== current.scheduledAt?.getTime())
    checkFuture(ctx, changes.scheduledAt);
  const merged = { ...current, ...changes };
  checkComplete(merged);
  await checkReferences(ctx, changes);
  // Checked again when the connections change under a kept template: each must have it.
  const template =
    input.template !== undefined || changes.connectionIds
      ? await savedTemplate(
          ctx,
          input.template === undefined ? templateChoiceOf(current.template) : input.template,
          merged.connectionIds,
        )
      : current.template;
  const status = current.status === 'CANCELADA' ? 'CANCELADA' : waitingStatus(merged.scheduledAt);
  const [row] = await ctx.db
    .update(campaigns)
    .set({ ...changes, template, status, updatedAt: now })
    .where(
      tenant(
        campaigns,
        ctx.companyId,
        eq(campaigns.id, id),
        eq(campaigns.status, current.status),
        current.status === 'PROGRAMADA'
          ? gt(campaigns.scheduledAt, new Date(now.getTime() + CAMPAIGN_EDIT_LEAD_MS))
          : undefined,
      ),
    )
    .returning();
  if (!row) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'The campaign changed meanwhile');
  const record = await answerOf(ctx, row);
  publishCampaign(ctx, ctx.companyId, { action: 'update', record });
  if (row.status === 'PROGRAMADA' && row.scheduledAt && changes.scheduledAt)
    await sweepAt(ctx, row.scheduledAt);
  return record;
}

/** Refused while it runs (its sends would lose their campaign); its shipping history goes with it. */
export async function deleteCampaign(ctx: Ctx, id: number): Promise<void> {
  const [gone] = await ctx.db
    .delete(campaigns)
    .where(tenant(campaigns, ctx.companyId, and(eq(campaigns.id, id), ne(campaigns.status, 'EM_ANDAMENTO'))))
    .returning({ mediaPath: campaigns.mediaPath });
  if (!gone) {
    if (await findCampaignRow(ctx.db, ctx.companyId, id)) throw new AppError('ERR_CAMPAIGN_STATUS');
    throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  }
  if (gone.mediaPath) await ctx.storage.remove(gone.mediaPath);
  publishCampaign(ctx, ctx.companyId, { action: 'delete', id });
}
