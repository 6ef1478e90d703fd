import { type Actor, type PlanFlags, type Profile, planFlagKeys } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, plans, users } from '../../db/schema/index.js';

/** Who is calling: the user, their company, and what their plan allows. */
export interface RequestActor extends Actor {
  userId: number;
  companyId: number;
  name: string;
  company: { dueDate: string; timezone: string; status: boolean; plan: PlanFlags };
}

const CACHE_MS = 5_000;

/**
 * Loads actors with a few seconds of memory: every authenticated request needs one, and a
 * permission change reaching other processes a few seconds late is acceptable.
 */
export function createActorLoader(db: Db) {
  const cache = new Map<number, { actor: RequestActor | undefined; until: number }>();

  async function fetchActor(userId: number): Promise<RequestActor | undefined> {
    const [row] = await db
      .select({ user: users, company: companies, plan: plans })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(users.id, userId));
    if (!row) return undefined;
    const { user, company, plan } = row;
    return {
      userId: user.id,
      companyId: user.companyId,
      name: user.name,
      profile: user.profile as Profile,
      super: user.super,
      showDashboard: user.showDashboard as Actor['showDashboard'],
      allowRealTime: user.allowRealTime as Actor['allowRealTime'],
      allowConnections: user.allowConnections as Actor['allowConnections'],
      allTicket: user.allTicket as Actor['allTicket'],
      allowGroup: user.allowGroup,
      company: {
        dueDate: company.dueDate,
        timezone: company.timezone,
        status: company.status,
        plan: Object.fromEntries(planFlagKeys.map((k) => [k, plan[k]])) as PlanFlags,
      },
    };
  }

  return {
    async load(userId: number): Promise<RequestActor | undefined> {
      const hit = cache.get(userId);
      if (hit && hit.until > Date.now()) return hit.actor;
      const actor = await fetchActor(userId);
      cache.set(userId, { actor, until: Date.now() + CACHE_MS });
      return actor;
    },
    forget(userId: number) {
      cache.delete(userId);
    },
  };
}
export type ActorLoader = ReturnType<typeof createActorLoader>;
