import {
  type DashboardAttendant,
  type DashboardCounters,
  type DashboardData,
  type DashboardPeriodQuery,
  NPS_PASSIVE_FROM,
  NPS_PROMOTER_FROM,
  type NpsInfo,
  type TicketsTimeline,
} from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { type DayFacts, factsOf } from './dashboard.facts.js';
import { bucketsOf, type Period, periodOf } from './dashboard.period.js';
import * as q from './dashboard.queries.js';

const period = (ctx: Ctx, query: DashboardPeriodQuery) =>
  periodOf(query, ctx.actor.company.timezone, ctx.now());

/** % of `part` in `total`, whole numbers; null with no total. */
const percent = (part: number, total: number) => (total === 0 ? null : Math.round((part * 100) / total));
const npsScore = (promoters: number, detractors: number, total: number) =>
  total === 0 ? null : Math.round(((promoters - detractors) * 100) / total);

/** The period's day facts and those of the equal period before it (for the NPS trend). */
async function daysOf(ctx: Ctx, p: Period) {
  const days = await factsOf(ctx.db, ctx.companyId, p.timezone, p.previousFromDay, p.toDay);
  return {
    current: days.filter((d) => d.day >= p.fromDay),
    previous: days.filter((d) => d.day < p.fromDay),
  };
}

/** Adds `amounts` into the entry of `totals` under `key`. */
function addInto<K>(totals: Map<K, number[]>, key: K, amounts: number[]) {
  const entry = totals.get(key);
  if (!entry) {
    totals.set(key, amounts);
    return;
  }
  for (let i = 0; i < amounts.length; i++) entry[i] = (entry[i] ?? 0) + (amounts[i] ?? 0);
}

/** Seconds over a count, in the spec's fractional minutes; null when nothing was averaged. */
const minutes = (seconds: number, count: number) => (count === 0 ? null : seconds / count / 60);

/** The period's figures per attendant (null: nobody), and the company's totals. */
function summed(days: DayFacts[], fromDay: string) {
  const closed = new Map<number | null, number[]>();
  const waited = new Map<number | null, number[]>();
  const rated = new Map<number | null, number[]>();
  const bands = { promoters: 0, passives: 0, detractors: 0 };
  let closedChats = 0;
  let leads = 0;
  for (const day of days) {
    for (const [userId, count, accepted, seconds] of day.closedByUser)
      addInto(closed, userId, [count, accepted, seconds]);
    for (const [userId, count, seconds] of day.waitedByUser) addInto(waited, userId, [count, seconds]);
    for (const [userId, rate, count] of day.ratedByUser) {
      addInto(rated, userId, [count, rate * count]);
      if (rate >= NPS_PROMOTER_FROM) bands.promoters += count;
      else if (rate >= NPS_PASSIVE_FROM) bands.passives += count;
      else bands.detractors += count;
    }
    // A ticket closed again in the period was already counted at its earlier close.
    for (const [before, count] of Object.entries(day.closedAfter))
      if (before === '' || before < fromDay) closedChats += count;
    leads += day.leads;
  }
  const total = (totals: Map<number | null, number[]>, i: number) =>
    [...totals.values()].reduce((sum, entry) => sum + (entry[i] ?? 0), 0);
  return {
    closed,
    waited,
    rated,
    bands,
    closedChats,
    leads,
    finished: total(closed, 0),
    avgSupport: minutes(total(closed, 2), total(closed, 1)),
    avgWait: minutes(total(waited, 1), total(waited, 0)),
  };
}

type Sums = ReturnType<typeof summed>;
type Users = Awaited<ReturnType<typeof q.companyUsers>>;
type Queues = Awaited<ReturnType<typeof q.companyQueues>>;

async function countersOf(ctx: Ctx, sums: Sums): Promise<DashboardCounters> {
  const live = await q.liveCounts(ctx.db, ctx.companyId);
  return {
    supportPending: live.pending,
    supportHappening: live.happening,
    supportFinished: sums.finished,
    closedChats: sums.closedChats,
    leads: sums.leads,
    avgSupportTime: sums.avgSupport,
    avgWaitTime: sums.avgWait,
    dueDate: ctx.actor.company.dueDate,
  };
}

function attendantsOf(users: Users, sums: Sums): DashboardAttendant[] {
  return users.map((user) => {
    const [tickets = 0, accepted = 0, service = 0] = sums.closed.get(user.id) ?? [];
    const [waits = 0, waited = 0] = sums.waited.get(user.id) ?? [];
    const [ratings = 0, rates = 0] = sums.rated.get(user.id) ?? [];
    return {
      id: user.id,
      name: user.name,
      rating: ratings === 0 ? null : rates / ratings,
      countRating: ratings,
      tickets,
      avgWaitTime: minutes(waited, waits),
      avgSupportTime: minutes(service, accepted),
      online: user.online,
    };
  });
}

/** Most cycles closed, then the better rating, then the name; nobody when nobody closed one. */
function featuredOf(attendants: DashboardAttendant[]): number | null {
  const ranked = attendants
    .filter((a) => a.tickets > 0)
    .sort(
      (a, b) => b.tickets - a.tickets || (b.rating ?? -1) - (a.rating ?? -1) || a.name.localeCompare(b.name),
    );
  return ranked[0]?.id ?? null;
}

/** The period's bands (from its sums) and the previous period's, for the trend. */
function npsOf(p: Period, sums: Sums, previous: DayFacts[]): NpsInfo {
  const now = sums.bands;
  const before = summed(previous, p.previousFromDay).bands;
  const total = now.promoters + now.passives + now.detractors;
  return {
    boa: now.promoters,
    media: now.passives,
    ruim: now.detractors,
    total_notas: total,
    score: npsScore(now.promoters, now.detractors, total),
    previousScore: npsScore(
      before.promoters,
      before.detractors,
      before.promoters + before.passives + before.detractors,
    ),
  };
}

interface Counted {
  id: number | null;
  name: string | null;
  count: number;
}

/** Most first, then by name, the unnamed (no queue, nobody) last among equals. */
const byCount = (a: Counted, b: Counted) =>
  b.count - a.count || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff');

function countsOf(days: DayFacts[], pick: (day: DayFacts) => [number | null, number][]) {
  const counts = new Map<number | null, number>();
  for (const day of days) for (const [id, count] of pick(day)) counts.set(id, (counts.get(id) ?? 0) + count);
  return counts;
}

/** The three charts: cycles started in the period per queue, per attendant, per day (or hour of its one day). */
function chartsOf(p: Period, days: DayFacts[], users: Users, queues: Queues) {
  const queueById = new Map(queues.map((queue) => [queue.id, queue]));
  const userById = new Map(users.map((user) => [user.id, user]));
  const perQueue = [...countsOf(days, (d) => d.startedByQueue)].map(([id, count]) => {
    const queue = id === null ? undefined : queueById.get(id);
    return { id, name: queue?.name ?? null, color: queue?.color ?? null, count };
  });
  const perUser = [...countsOf(days, (d) => d.startedByUser)].map(([id, count]) => ({
    id,
    name: (id === null ? undefined : userById.get(id)?.name) ?? null,
    count,
  }));
  // A day may come in several slices: each adds to its buckets.
  const counted = new Map<string, number>();
  const add = (at: string, count: number) => counted.set(at, (counted.get(at) ?? 0) + count);
  for (const day of days)
    for (const [hour, count] of day.startedByHour)
      add(p.unit === 'day' ? day.day : String(hour).padStart(2, '0'), count);
  const timeline: TicketsTimeline = {
    unit: p.unit,
    points: bucketsOf(p).map((at) => ({ at, count: counted.get(at) ?? 0 })),
  };
  return {
    queues: perQueue.sort(byCount).map(({ id, name, color, count }) => ({ queueId: id, name, color, count })),
    users: perUser.sort(byCount).map(({ id, name, count }) => ({ userId: id, name, count })),
    timeline,
  };
}

const connectionsOf = async (ctx: Ctx, p: Period) =>
  (await q.connectionHealth(ctx.db, ctx.companyId, p)).map((row) => ({
    id: row.id,
    name: row.name,
    channel: row.channel,
    status: row.status,
    uptime: row.known ? percent(row.up ?? 0, row.known) : null,
  }));

const periodView = (p: Period) => ({ from: p.fromDay, to: p.toDay, timezone: p.timezone });

/** Everything the dashboard screen shows, in one answer. */
export async function showDashboard(ctx: Ctx, query: DashboardPeriodQuery): Promise<DashboardData> {
  const p = period(ctx, query);
  const [{ current, previous }, users, queues, connections] = await Promise.all([
    daysOf(ctx, p),
    q.companyUsers(ctx.db, ctx.companyId),
    q.companyQueues(ctx.db, ctx.companyId),
    connectionsOf(ctx, p),
  ]);
  const sums = summed(current, p.fromDay);
  const attendants = attendantsOf(users, sums);
  return {
    period: periodView(p),
    counters: await countersOf(ctx, sums),
    attendants,
    featuredUserId: featuredOf(attendants),
    nps: npsOf(p, sums, previous),
    ...chartsOf(p, current, users, queues),
    connections,
  };
}

/** The charts of the period, for the spec's separate calls. */
async function chartsIn(ctx: Ctx, query: DashboardPeriodQuery) {
  const p = period(ctx, query);
  const [{ current }, users, queues] = await Promise.all([
    daysOf(ctx, p),
    q.companyUsers(ctx.db, ctx.companyId),
    q.companyQueues(ctx.db, ctx.companyId),
  ]);
  return chartsOf(p, current, users, queues);
}

/** The spec's separate calls: each one part of the same figures over the same period. */
export const dashboardParts = {
  totalAtendimentos: async (ctx: Ctx, query: DashboardPeriodQuery) => (await chartsIn(ctx, query)).timeline,
  queues: async (ctx: Ctx, query: DashboardPeriodQuery) => (await chartsIn(ctx, query)).queues,
  ticketsUsers: async (ctx: Ctx, query: DashboardPeriodQuery) => (await chartsIn(ctx, query)).users,
  userInfo: async (ctx: Ctx, query: DashboardPeriodQuery) => {
    const p = period(ctx, query);
    const [{ current }, users] = await Promise.all([daysOf(ctx, p), q.companyUsers(ctx.db, ctx.companyId)]);
    const attendants = attendantsOf(users, summed(current, p.fromDay));
    return { attendants, featuredUserId: featuredOf(attendants) };
  },
  npsInfo: async (ctx: Ctx, query: DashboardPeriodQuery) => {
    const p = period(ctx, query);
    const { current, previous } = await daysOf(ctx, p);
    return npsOf(p, summed(current, p.fromDay), previous);
  },
  atendimentosEncerrados: async (ctx: Ctx, query: DashboardPeriodQuery) => {
    const p = period(ctx, query);
    const sums = summed((await daysOf(ctx, p)).current, p.fromDay);
    return { supportFinished: sums.finished, closedChats: sums.closedChats };
  },
};
