import { and, eq, lt, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { publishUser } from './users.events.js';
import { presentUsers } from './users.service.js';

/** A user is offline once their heartbeat (every 5 minutes) has been missing for this long. */
const OFFLINE_AFTER_SECONDS = 6 * 60;

/** Records a heartbeat; tells the company when the user comes online. */
export async function markOnline(deps: AppDeps, companyId: number, userId: number): Promise<void> {
  const ofUser = and(eq(users.companyId, companyId), eq(users.id, userId));
  const [before] = await deps.db.select({ online: users.online }).from(users).where(ofUser);
  const [row] = await deps.db
    .update(users)
    .set({ online: true, lastSeenAt: sql`now()` })
    .where(ofUser)
    .returning();
  if (row && !before?.online) await publishPresence(deps, [row]);
}

export async function markOffline(deps: AppDeps, companyId: number, userId: number): Promise<void> {
  const [row] = await deps.db
    .update(users)
    .set({ online: false })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.online, true)))
    .returning();
  if (row) await publishPresence(deps, [row]);
}

/** The sweep job: everyone whose heartbeat stopped goes offline, in one statement (every company). */
export async function sweepOfflineUsers(deps: AppDeps): Promise<number> {
  const rows = await deps.db
    .update(users)
    .set({ online: false })
    .where(
      and(
        eq(users.online, true),
        lt(users.lastSeenAt, sql`now() - make_interval(secs => ${OFFLINE_AFTER_SECONDS})`),
      ),
    )
    .returning();
  await publishPresence(deps, rows);
  return rows.length;
}

async function publishPresence(deps: AppDeps, rows: (typeof users.$inferSelect)[]) {
  for (const user of await presentUsers(deps, rows)) {
    publishUser(deps, user.companyId, { action: 'update', user });
  }
}
