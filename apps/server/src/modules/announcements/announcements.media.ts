import type { Announcement } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { displayName, mediaKey, readImageUpload } from '../../platform/storage/uploads.js';
import { findOwnAnnouncement, updateAnnouncement } from './announcements.service.js';

/** Spec 001 §5: png, jpg and jpeg only, judged by the bytes. */
const ALLOWED_EXTENSIONS = new Set(['png', 'jpg']);

export async function uploadAnnouncementMedia(
  ctx: Ctx,
  id: number,
  file: MultipartFile | undefined,
): Promise<Announcement> {
  const current = await findOwnAnnouncement(ctx, id);
  const { bytes, ext } = await readImageUpload(file);
  if (!ALLOWED_EXTENSIONS.has(ext)) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  const key = mediaKey(ctx.companyId, 'announcements', ext);
  await ctx.storage.put(key, bytes);
  const record = await updateAnnouncement(ctx, id, {
    mediaPath: key,
    mediaName: displayName(file?.filename ?? '', 'image'),
  });
  if (current.mediaPath) await ctx.storage.remove(current.mediaPath);
  return record;
}

export async function removeAnnouncementMedia(ctx: Ctx, id: number): Promise<Announcement> {
  const current = await findOwnAnnouncement(ctx, id);
  if (!current.mediaPath) throw new AppError('ERR_NO_MEDIA_FOUND');
  const record = await updateAnnouncement(ctx, id, { mediaPath: null, mediaName: null });
  await ctx.storage.remove(current.mediaPath);
  return record;
}
