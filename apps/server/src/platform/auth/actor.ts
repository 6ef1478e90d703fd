import { type Actor, type CompanySettings, type PlanFlags, type Profile, planFlagKeys } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Listen } from '../../db/notifications.js';
import { companies, plans, users } from '../../db/schema/index.js';

/** Who is calling: the user, their company, and what their plan allows. */
export interface RequestActor extends Actor {
  userId: number;
  companyId: number;
  name: string;
  twoFactorEnabled: boolean;
  company: { dueDate: string; timezone: string; status: boolean; plan: PlanFlags };
}

const flagsOf = (plan: typeof plans.$inferSelect) =>
  Object.fromEntries(planFlagKeys.map((k) => [k, plan[k]])) as PlanFlags;

/** The NOTIFY channel of migration 0006's triggers on users, companies, plans and company_settings. */
const ACTOR_CHANGES = 'balcao_actor_change';

/**
 * Every authenticated request and socket needs its actor, and settings decide what some answers
 * show: both are cached in memory until the database says they changed. The triggers notify at
 * commit whatever code path wrote, so a permission taken away in one process stops working in every
 * process as soon as the notification arrives; while the notification connection is down nothing is
 * cached. A read that started before a change is not cached after it (`generation`).
 */
export function createActorLoader(
  db: Db,
  /** The settings feature's reader, given at start-up: the platform does not import features. */
  readCompanySettings: (db: Db, companyId: number) => Promise<CompanySettings>,
) {
  const actors = new Map<number, RequestActor | undefined>();
  const settings = new Map<number, CompanySettings>();
  const companyPlans = new Map<number, PlanFlags | undefined>();
  let listening = false;
  let generation = 0;

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
      twoFactorEnabled: user.totpEnabled,
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
        plan: flagsOf(plan),
      },
    };
  }

  async function fetchPlan(companyId: number): Promise<PlanFlags | undefined> {
    const [row] = await db
      .select({ plan: plans })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId));
    return row && flagsOf(row.plan);
  }

  function forgetAll() {
    generation++;
    actors.clear();
    settings.clear();
    companyPlans.clear();
  }

  function changed(payload: string) {
    generation++;
    const [kind, raw] = payload.split(':');
    const id = Number(raw);
    if (kind === 'user') actors.delete(id);
    else if (kind === 'settings') settings.delete(id);
    else if (kind === 'company') {
      companyPlans.delete(id);
      for (const [userId, actor] of actors) if (actor?.companyId === id) actors.delete(userId);
    } else forgetAll();
  }

  async function cached<K, V>(cache: Map<K, V>, key: K, fetch: () => Promise<V>): Promise<V> {
    if (listening && cache.has(key)) return cache.get(key) as V;
    const started = generation;
    const value = await fetch();
    if (listening && started === generation) cache.set(key, value);
    return value;
  }

  return {
    /** Starts following changes; until then (and whenever the feed is down) every load reads. */
    async follow(listen: Listen) {
      return listen(ACTOR_CHANGES, {
        message: changed,
        up: () => {
          forgetAll();
          listening = true;
        },
        down: () => {
          listening = false;
          forgetAll();
        },
      });
    },
    load: (userId: number) => cached(actors, userId, () => fetchActor(userId)),
    /** What the company's plan allows, for work done on no user's behalf (jobs, the external API). */
    plan: (companyId: number) => cached(companyPlans, companyId, () => fetchPlan(companyId)),
    /** The company's settings, every key with its value or default. */
    settings: (companyId: number) => cached(settings, companyId, () => readCompanySettings(db, companyId)),
    /** This process's own write, seen before its notification arrives. */
    forget(userId: number) {
      generation++;
      actors.delete(userId);
    },
    forgetSettings(companyId: number) {
      generation++;
      settings.delete(companyId);
    },
  };
}
export type ActorLoader = ReturnType<typeof createActorLoader>;
