import type { Schedule } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey, readMediaUpload } from '../../platform/storage/uploads.js';
import { publishSchedule } from './schedules.events.js';
import { setScheduleMedia } from './schedules.queries.js';
import { showSchedule } from './schedules.service.js';

const alreadySent = () => new AppError('ERR_SCHEDULE_ALREADY_SENT', 'A sent schedule cannot be changed');

/**
 * Attaches a file to a schedule not yet sent, checked by its bytes like any chat attachment. The file
 * is stored first and removed again if the schedule went out meanwhile; the one it replaces goes.
 */
export async function uploadScheduleMedia(
  ctx: Ctx,
  id: number,
  file: MultipartFile | undefined,
): Promise<Schedule> {
  const current = await showSchedule(ctx, id);
  if (current.status === 'ENVIADA') throw alreadySent();
  const upload = await readMediaUpload(file);
  const key = mediaKey(ctx.companyId, 'schedules', upload.ext);
  await ctx.storage.put(key, upload.bytes);
  const changed = await setScheduleMedia(ctx.db, ctx.companyId, id, {
    mediaPath: key,
    mediaName: upload.name,
    mediaType: upload.kind,
  }).catch(async (error: unknown) => {
    await ctx.storage.remove(key);
    throw error;
  });
  if (!changed) {
    await ctx.storage.remove(key);
    throw alreadySent();
  }
  if (changed.replaced) await ctx.storage.remove(changed.replaced);
  await publishSchedule(ctx, ctx.companyId, id, 'update');
  return showSchedule(ctx, id);
}

export async function removeScheduleMedia(ctx: Ctx, id: number): Promise<Schedule> {
  await showSchedule(ctx, id);
  const changed = await setScheduleMedia(ctx.db, ctx.companyId, id, {
    mediaPath: null,
    mediaName: null,
    mediaType: null,
  });
  if (!changed) throw alreadySent();
  if (changed.replaced) await ctx.storage.remove(changed.replaced);
  await publishSchedule(ctx, ctx.companyId, id, 'update');
  return showSchedule(ctx, id);
}
