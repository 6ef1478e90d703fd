import type { User } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey, readImageUpload } from '../../platform/storage/uploads.js';
import { publishUser } from './users.events.js';
import { findUser } from './users.queries.js';
import { presentUser } from './users.service.js';

export async function uploadAvatar(ctx: Ctx, id: number, file: MultipartFile | undefined): Promise<User> {
  const current = await findUser(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_USER_FOUND');

  const { bytes, ext } = await readImageUpload(file);
  const key = mediaKey(ctx.companyId, 'users', ext);
  await ctx.storage.put(key, bytes);
  const [row] = await ctx.db
    .update(users)
    .set({ profileImage: key })
    .where(tenant(users, ctx.companyId, eq(users.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_USER_FOUND');
  if (current.profileImage) await ctx.storage.remove(current.profileImage);
  const user = await presentUser(ctx, row);
  publishUser(ctx, ctx.companyId, { action: 'update', user });
  return user;
}
