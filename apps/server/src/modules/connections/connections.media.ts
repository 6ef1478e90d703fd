import type { Connection } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey, readMediaUpload } from '../../platform/storage/uploads.js';
import { findConnection } from './connections.queries.js';
import { publishConnection } from './connections.service.js';

/** The file sent with the greeting; a new one replaces (and removes) the old. `null` removes it. */
export async function setGreetingMedia(
  ctx: Ctx,
  id: number,
  file: MultipartFile | undefined | null,
): Promise<Connection> {
  const current = await findConnection(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
  let path: string | null = null;
  if (file !== null) {
    const { bytes, ext } = await readMediaUpload(file);
    path = mediaKey(ctx.companyId, 'greetings', ext);
    await ctx.storage.put(path, bytes);
  }
  const [row] = await ctx.db
    .update(connections)
    .set({ greetingMediaAttachment: path, updatedAt: new Date() })
    .where(tenant(connections, ctx.companyId, eq(connections.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  if (current.greetingMediaAttachment) await ctx.storage.remove(current.greetingMediaAttachment);
  return publishConnection(ctx, row);
}
