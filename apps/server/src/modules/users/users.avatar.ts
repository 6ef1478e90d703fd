import type { MultipartFile } from '@fastify/multipart';
import type { User } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireGate } from '../../platform/permissions.js';
import { mediaKey, readImageUpload } from '../../platform/storage/uploads.js';
import { findUser } from './users.queries.js';
import { updateUser } from './users.service.js';

export async function uploadAvatar(ctx: Ctx, id: number, file: MultipartFile | undefined): Promise<User> {
  if (id !== ctx.actor.userId) requireGate(ctx.actor, 'users:manage');
  const current = await findUser(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_USER_FOUND');

  const { bytes, ext } = await readImageUpload(file);
  const key = mediaKey(ctx.companyId, 'users', ext);
  await ctx.storage.put(key, bytes);
  await ctx.db
    .update(users)
    .set({ profileImage: key })
    .where(and(eq(users.companyId, ctx.companyId), eq(users.id, id)));
  if (current.profileImage) await ctx.storage.remove(current.profileImage);
  // An empty update re-reads the row and tells every open users page.
  return updateUser(ctx, id, {});
}
