import type { Help } from '@balcao/shared';
import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { helps } from '../../db/schema/index.js';

type HelpRow = typeof helps.$inferSelect;

export const toHelp = (row: HelpRow): Help => ({
  id: row.id,
  title: row.title,
  video: row.video,
  description: row.description,
});

export async function findHelp(db: Db, id: number): Promise<HelpRow | undefined> {
  const [row] = await db.select().from(helps).where(eq(helps.id, id));
  return row;
}

/** Help videos are the platform's, the same for every company: no company column to scope by. */
export async function searchHelps(
  db: Db,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: HelpRow[]; total: number }> {
  const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = pattern ? or(ilike(helps.title, pattern), ilike(helps.description, pattern)) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(helps)
      .where(where)
      .orderBy(asc(helps.title), asc(helps.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(helps).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
