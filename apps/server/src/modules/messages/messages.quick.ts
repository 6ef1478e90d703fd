import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey } from '../../platform/storage/uploads.js';
import { findVisibleQuickMessage } from '../quick-messages/quick-messages.queries.js';

/**
 * The image of a quick message the attendant picked, copied for the message: the quick message may
 * lose or replace its image later, and the conversation keeps what the customer was sent. Answers
 * nothing for a quick message without an image.
 */
export async function copyQuickMessageMedia(ctx: Ctx, quickMessageId: number) {
  const quick = await findVisibleQuickMessage(ctx.db, ctx.actor, quickMessageId);
  if (!quick) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
  if (!quick.mediaPath) return undefined;
  const file = await ctx.storage.read(quick.mediaPath);
  if (!file) throw new AppError('ERR_NO_MEDIA_FOUND');
  const ext = quick.mediaPath.split('.').pop() ?? 'png';
  const key = mediaKey(ctx.companyId, 'messages', ext);
  await ctx.storage.put(key, Buffer.concat(await file.stream.toArray()));
  return { mediaPath: key, mediaType: 'image', mediaName: quick.mediaName };
}
