import { type FileList, type ListFilesQuery, PAGE_SIZE, type SaveFileListBody } from '@balcao/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { fileListOptions, fileLists } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishFileList } from './files.events.js';
import { findFileList, loadFileList, optionsOf, searchFileLists } from './files.queries.js';

export async function listFileLists(ctx: Ctx, query: ListFilesQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { records, total } = await searchFileLists(ctx.db, ctx.links, ctx.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { files: records, hasMore: offset + records.length < total, count: total };
}

export async function showFileList(ctx: Ctx, id: number): Promise<FileList> {
  const record = await loadFileList(ctx.db, ctx.links, ctx.companyId, id);
  if (!record) throw new AppError('ERR_NO_FILE_LIST_FOUND');
  return record;
}

/**
 * Makes the list's rows the given ones: named rows with an id of this list are renamed, the rest
 * are new; rows left out are deleted, and their stored files are answered for removal after commit.
 */
async function syncOptions(tx: Tx, companyId: number, listId: number, options: SaveFileListBody['options']) {
  const current = await optionsOf(tx, companyId, [listId]);
  const kept = options.filter((o) => o.id !== undefined && current.some((c) => c.id === o.id));
  const keptIds = kept.map((o) => o.id as number);
  const removed = current.filter((c) => !keptIds.includes(c.id));
  if (removed.length > 0) {
    await tx.delete(fileListOptions).where(
      tenant(
        fileListOptions,
        companyId,
        eq(fileListOptions.fileListId, listId),
        inArray(
          fileListOptions.id,
          removed.map((r) => r.id),
        ),
      ),
    );
  }
  for (const option of kept) {
    await tx
      .update(fileListOptions)
      .set({ name: option.name, updatedAt: new Date() })
      .where(and(eq(fileListOptions.id, option.id as number), eq(fileListOptions.companyId, companyId)));
  }
  const added = options.filter((o) => !kept.includes(o));
  if (added.length > 0) {
    await tx
      .insert(fileListOptions)
      .values(added.map((o) => ({ companyId, fileListId: listId, name: o.name, path: null })));
  }
  return removed.flatMap((r) => (r.path ? [r.path] : []));
}

async function removeFiles(ctx: Ctx, keys: string[]) {
  for (const key of keys) await ctx.storage.remove(key);
}

export async function createFileList(ctx: Ctx, input: SaveFileListBody): Promise<FileList> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fileLists)
      .values({
        companyId: ctx.companyId,
        name: input.name,
        message: input.message,
        userId: ctx.actor.userId,
      })
      .returning({ id: fileLists.id });
    if (!row) throw new AppError('ERR_INTERNAL');
    await syncOptions(tx, ctx.companyId, row.id, input.options);
    return row.id;
  });
  const record = await showFileList(ctx, id);
  publishFileList(ctx, ctx.companyId, { action: 'create', record });
  return record;
}

export async function updateFileList(ctx: Ctx, id: number, input: SaveFileListBody): Promise<FileList> {
  const orphaned = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(fileLists)
      .set({ name: input.name, message: input.message, updatedAt: new Date() })
      .where(tenant(fileLists, ctx.companyId, eq(fileLists.id, id)))
      .returning({ id: fileLists.id });
    if (!row) throw new AppError('ERR_NO_FILE_LIST_FOUND');
    return syncOptions(tx, ctx.companyId, id, input.options);
  });
  await removeFiles(ctx, orphaned);
  const record = await showFileList(ctx, id);
  publishFileList(ctx, ctx.companyId, { action: 'update', record });
  return record;
}

export async function deleteFileList(ctx: Ctx, id: number): Promise<void> {
  const list = await findFileList(ctx.db, ctx.companyId, id);
  if (!list) throw new AppError('ERR_NO_FILE_LIST_FOUND');
  const options = await optionsOf(ctx.db, ctx.companyId, [id]);
  await ctx.db.delete(fileLists).where(tenant(fileLists, ctx.companyId, eq(fileLists.id, id)));
  await removeFiles(
    ctx,
    options.flatMap((o) => (o.path ? [o.path] : [])),
  );
  publishFileList(ctx, ctx.companyId, { action: 'delete', id });
}
