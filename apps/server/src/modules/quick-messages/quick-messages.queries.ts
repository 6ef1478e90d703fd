import { can, type QuickMessage } from '@balcao/shared';
import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { quickMessages } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type QuickMessageRow = typeof quickMessages.$inferSelect;

export function toQuickMessage(row: QuickMessageRow, links: MediaLinks): QuickMessage {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    status: row.status,
    isCategory: row.isCategory,
    categoryId: row.categoryId,
    mediaPath: links.url(row.mediaPath),
    mediaName: row.mediaName,
    isMedia: row.mediaPath !== null,
    userId: row.userId,
  };
}

/** Admins and supervisors see every quick message of the company; others their own and the 'geral' ones. */
const visibleTo = (actor: RequestActor): SQL | undefined =>
  can(actor, 'quick-messages:manageAll') ? undefined : ownOrGeral(actor);

const ownOrGeral = (actor: RequestActor) =>
  or(eq(quickMessages.userId, actor.userId), eq(quickMessages.geral, true));

export async function findVisibleQuickMessage(
  db: Db | Tx,
  actor: RequestActor,
  id: number,
): Promise<QuickMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(tenant(quickMessages, actor.companyId, eq(quickMessages.id, id), visibleTo(actor)));
  return row;
}

export async function searchQuickMessages(
  db: Db,
  actor: RequestActor,
  options: { search?: string; isCategory?: boolean; limit: number; offset: number },
): Promise<{ rows: QuickMessageRow[]; total: number }> {
  const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = tenant(
    quickMessages,
    actor.companyId,
    visibleTo(actor),
    pattern ? or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)) : undefined,
    options.isCategory === undefined ? undefined : eq(quickMessages.isCategory, options.isCategory),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(quickMessages).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** What the composer offers after '/': the caller's own and the company-wide answers that are active. */
export function composerQuickMessages(db: Db, actor: RequestActor) {
  return db
    .select()
    .from(quickMessages)
    .where(
      tenant(
        quickMessages,
        actor.companyId,
        ownOrGeral(actor),
        eq(quickMessages.status, true),
        eq(quickMessages.isCategory, false),
      ),
    )
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
}
