import type { Language, Profile, User } from '@balcao/shared';
import { asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queues, userQueues, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type UserRow = typeof users.$inferSelect;
type QueueRef = User['queues'][number];

export function toUser(row: UserRow, userQueueList: QueueRef[], links: MediaLinks): User {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    email: row.email,
    profile: row.profile as Profile,
    super: row.super,
    startWork: row.startWork,
    endWork: row.endWork,
    farewellMessage: row.farewellMessage,
    allTicket: row.allTicket as User['allTicket'],
    allowGroup: row.allowGroup,
    defaultTheme: row.defaultTheme as User['defaultTheme'],
    defaultMenu: row.defaultMenu as User['defaultMenu'],
    wpp: row.wpp,
    whatsappId: row.whatsappId,
    queues: userQueueList,
    profileImage: links.url(row.profileImage),
    showDashboard: row.showDashboard as User['showDashboard'],
    allowRealTime: row.allowRealTime as User['allowRealTime'],
    allowConnections: row.allowConnections as User['allowConnections'],
    online: row.online,
    language: row.language as Language,
    color: row.color,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The queues of many users in one query (never one query per user). */
export async function queuesOfUsers(db: Db | Tx, userIds: number[]): Promise<Map<number, QueueRef[]>> {
  const byUser = new Map<number, QueueRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(inArray(userQueues.userId, userIds))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const { userId, ...queue } of rows) byUser.get(userId)?.push(queue);
  return byUser;
}

export async function findUser(db: Db | Tx, companyId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(tenant(users, companyId, eq(users.id, id)));
  return row;
}

/** Signing in is how a company is found: e-mails are unique across companies. */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function searchUsers(
  db: Db,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = tenant(
    users,
    companyId,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function replaceUserQueues(tx: Tx, userId: number, queueIds: number[]): Promise<void> {
  await tx.delete(userQueues).where(eq(userQueues.userId, userId));
  if (queueIds.length > 0)
    await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId })));
}

/** Which of `queueIds` belong to the company; anything else is refused, never linked. */
export async function companyQueueIds(
  db: Db | Tx,
  companyId: number,
  queueIds: number[],
): Promise<Set<number>> {
  if (queueIds.length === 0) return new Set();
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(tenant(queues, companyId, inArray(queues.id, queueIds)));
  return new Set(rows.map((r) => r.id));
}
