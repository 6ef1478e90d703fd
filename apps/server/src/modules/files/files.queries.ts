import type { FileList } from '@balcao/shared';
import { asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fileListOptions, fileLists } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';
import { likePattern } from '../queue-integrations/queue-integrations.queries.js';

type FileListRow = typeof fileLists.$inferSelect;
export type FileOptionRow = typeof fileListOptions.$inferSelect;

function toFileList(row: FileListRow, options: FileOptionRow[], links: MediaLinks): FileList {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    userId: row.userId,
    options: options.map((option) => ({
      id: option.id,
      name: option.name,
      path: links.url(option.path),
      mediaType: option.mediaType,
      mediaName: option.mediaName,
    })),
  };
}

export async function findFileList(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(fileLists)
    .where(tenant(fileLists, companyId, eq(fileLists.id, id)));
  return row;
}

/** The rows of these lists in their order, in one query. */
export function optionsOf(db: Db | Tx, companyId: number, listIds: number[]): Promise<FileOptionRow[]> {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(fileListOptions)
    .where(tenant(fileListOptions, companyId, inArray(fileListOptions.fileListId, listIds)))
    .orderBy(asc(fileListOptions.id));
}

export async function loadFileList(db: Db | Tx, links: MediaLinks, companyId: number, id: number) {
  const row = await findFileList(db, companyId, id);
  if (!row) return undefined;
  return toFileList(row, await optionsOf(db, companyId, [id]), links);
}

export async function searchFileLists(
  db: Db,
  links: MediaLinks,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ records: FileList[]; total: number }> {
  const pattern = likePattern(options.search);
  const where = tenant(fileLists, companyId, pattern ? ilike(fileLists.name, pattern) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(fileLists)
      .where(where)
      .orderBy(asc(fileLists.name), asc(fileLists.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(fileLists).where(where),
  ]);
  const options_ = await optionsOf(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  const records = rows.map((row) =>
    toFileList(
      row,
      options_.filter((option) => option.fileListId === row.id),
      links,
    ),
  );
  return { records, total: totals?.total ?? 0 };
}
