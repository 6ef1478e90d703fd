import { type Campaign, isCampaignEditable } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey, readMediaUpload } from '../../platform/storage/uploads.js';
import { type CampaignRow, campaignAnswers, findCampaignRow } from './campaigns.answer.js';
import { publishCampaign } from './campaigns.events.js';

async function editableCampaign(ctx: Ctx, id: number): Promise<CampaignRow> {
  const current = await findCampaignRow(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  if (!isCampaignEditable(current.status as Campaign['status'], current.scheduledAt, ctx.now()))
    throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
  return current;
}

/** Conditional on the status read: a campaign that started meanwhile keeps the file its sends use. */
async function setMedia(
  ctx: Ctx,
  current: CampaignRow,
  media: { mediaPath: string | null; mediaName: string | null },
): Promise<Campaign | undefined> {
  const [row] = await ctx.db
    .update(campaigns)
    .set({ ...media, updatedAt: ctx.now() })
    .where(
      tenant(campaigns, ctx.companyId, eq(campaigns.id, current.id), eq(campaigns.status, current.status)),
    )
    .returning();
  if (!row) return undefined;
  const [record] = await campaignAnswers(ctx.db, ctx.links, ctx.companyId, [row]);
  if (record) publishCampaign(ctx, ctx.companyId, { action: 'update', record });
  return record;
}

/** The file sent after the message, checked by its bytes like any chat attachment; it replaces the last. */
export async function uploadCampaignMedia(
  ctx: Ctx,
  id: number,
  file: MultipartFile | undefined,
): Promise<Campaign> {
  const current = await editableCampaign(ctx, id);
  const upload = await readMediaUpload(file);
  const key = mediaKey(ctx.companyId, 'campaigns', upload.ext);
  await ctx.storage.put(key, upload.bytes);
  const record = await setMedia(ctx, current, { mediaPath: key, mediaName: upload.name }).catch(
    async (error: unknown) => {
      await ctx.storage.remove(key);
      throw error;
    },
  );
  if (!record) {
    await ctx.storage.remove(key);
    throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'The campaign changed meanwhile');
  }
  if (current.mediaPath) await ctx.storage.remove(current.mediaPath);
  return record;
}

export async function removeCampaignMedia(ctx: Ctx, id: number): Promise<Campaign> {
  const current = await editableCampaign(ctx, id);
  if (!current.mediaPath) throw new AppError('ERR_NO_MEDIA_FOUND');
  const record = await setMedia(ctx, current, { mediaPath: null, mediaName: null });
  if (!record) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 'The campaign changed meanwhile');
  await ctx.storage.remove(current.mediaPath);
  return record;
}
