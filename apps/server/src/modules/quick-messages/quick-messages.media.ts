import type { QuickMessage } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { quickMessages } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { displayName, mediaKey, readImageUpload } from '../../platform/storage/uploads.js';
import { publishQuickMessage } from './quick-messages.events.js';
import { toQuickMessage } from './quick-messages.queries.js';
import { findEditableQuickMessage } from './quick-messages.service.js';

async function setMedia(ctx: Ctx, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  const [row] = await ctx.db
    .update(quickMessages)
    .set({ ...media, updatedAt: new Date() })
    .where(tenant(quickMessages, ctx.companyId, eq(quickMessages.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
  const record = toQuickMessage(row, ctx.links);
  publishQuickMessage(ctx, ctx.companyId, 'update', record);
  return record;
}

export async function uploadQuickMessageMedia(
  ctx: Ctx,
  id: number,
  file: MultipartFile | undefined,
): Promise<QuickMessage> {
  const current = await findEditableQuickMessage(ctx, id);
  const { bytes, ext } = await readImageUpload(file);
  const key = mediaKey(ctx.companyId, 'quick-messages', ext);
  await ctx.storage.put(key, bytes);
  const record = await setMedia(ctx, id, {
    mediaPath: key,
    mediaName: displayName(file?.filename ?? '', 'image'),
  });
  if (current.mediaPath) await ctx.storage.remove(current.mediaPath);
  return record;
}

export async function removeQuickMessageMedia(ctx: Ctx, id: number): Promise<QuickMessage> {
  const current = await findEditableQuickMessage(ctx, id);
  if (!current.mediaPath) throw new AppError('ERR_NO_MEDIA_FOUND');
  const record = await setMedia(ctx, id, { mediaPath: null, mediaName: null });
  await ctx.storage.remove(current.mediaPath);
  return record;
}
