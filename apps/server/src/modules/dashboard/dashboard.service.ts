import type {
  DashboardAttendant,
  DashboardCounters,
  DashboardData,
  DashboardPeriodQuery,
  NpsInfo,
  TicketsTimeline,
} from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { bucketsOf, type Period, periodOf } from './dashboard.period.js';
import * as q from './dashboard.queries.js';

const period = (ctx: Ctx, query: DashboardPeriodQuery) =>
  periodOf(query, ctx.actor.company.timezone, ctx.now());

/** % of `part` in `total`, whole numbers; null with no total. */
const percent = (part: number, total: number) => (total === 0 ? null : Math.round((part * 100) / total));
const npsScore = (promoters: number, detractors: number, total: number) =>
  total === 0 ? null : Math.round(((promoters - detractors) * 100) / total);

async function countersOf(ctx: Ctx, p: Period): Promise<DashboardCounters> {
  const row = await q.counters(ctx.db, ctx.companyId, p);
  return {
    supportPending: row.pending,
    supportHappening: row.happening,
    supportFinished: row.finished,
    closedChats: row.closed_chats,
    leads: row.leads,
    avgSupportTime: row.avg_support,
    avgWaitTime: row.avg_wait,
    dueDate: ctx.actor.company.dueDate,
  };
}

async function attendantsOf(ctx: Ctx, p: Period): Promise<DashboardAttendant[]> {
  const rows = await q.attendants(ctx.db, ctx.companyId, p);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    rating: row.rating,
    countRating: row.count_rating,
    tickets: row.tickets,
    avgWaitTime: row.avg_wait,
    avgSupportTime: row.avg_support,
    online: row.online,
  }));
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

async function npsOf(ctx: Ctx, p: Period): Promise<NpsInfo> {
  const row = await q.nps(ctx.db, ctx.companyId, p);
  const total = row.promoters + row.passives + row.detractors;
  return {
    boa: row.promoters,
    media: row.passives,
    ruim: row.detractors,
    total_notas: total,
    score: npsScore(row.promoters, row.detractors, total),
    previousScore: npsScore(row.previous_promoters, row.previous_detractors, row.previous_total),
  };
}

/** Most first, then by name, the unnamed (no queue, nobody) last among equals. */
const byCount = (a: q.ReceivedRow, b: q.ReceivedRow) =>
  b.count - a.count || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff');

/** The three charts, from one pass over the cycles started in the period. */
async function chartsOf(ctx: Ctx, p: Period) {
  const rows = await q.received(ctx.db, ctx.companyId, p);
  const of = (kind: q.ReceivedRow['kind']) => rows.filter((row) => row.kind === kind).sort(byCount);
  const counted = new Map(of('bucket').map((row) => [row.at, row.count]));
  const timeline: TicketsTimeline = {
    unit: p.unit,
    points: bucketsOf(p).map((at) => ({ at, count: counted.get(at) ?? 0 })),
  };
  return {
    queues: of('queue').map((row) => ({
      queueId: row.id,
      name: row.name,
      color: row.color,
      count: row.count,
    })),
    users: of('user').map((row) => ({ userId: row.id, name: row.name, count: row.count })),
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
  const [counters, attendants, nps, charts, connections] = await Promise.all([
    countersOf(ctx, p),
    attendantsOf(ctx, p),
    npsOf(ctx, p),
    chartsOf(ctx, p),
    connectionsOf(ctx, p),
  ]);
  return {
    period: periodView(p),
    counters,
    attendants,
    featuredUserId: featuredOf(attendants),
    nps,
    ...charts,
    connections,
  };
}

/** The spec's separate calls: each one part of the same figures over the same period. */
export const dashboardParts = {
  totalAtendimentos: async (ctx: Ctx, query: DashboardPeriodQuery) =>
    (await chartsOf(ctx, period(ctx, query))).timeline,
  queues: async (ctx: Ctx, query: DashboardPeriodQuery) => (await chartsOf(ctx, period(ctx, query))).queues,
  ticketsUsers: async (ctx: Ctx, query: DashboardPeriodQuery) =>
    (await chartsOf(ctx, period(ctx, query))).users,
  userInfo: async (ctx: Ctx, query: DashboardPeriodQuery) => {
    const attendants = await attendantsOf(ctx, period(ctx, query));
    return { attendants, featuredUserId: featuredOf(attendants) };
  },
  npsInfo: (ctx: Ctx, query: DashboardPeriodQuery) => npsOf(ctx, period(ctx, query)),
  atendimentosEncerrados: async (ctx: Ctx, query: DashboardPeriodQuery) => {
    const counters = await countersOf(ctx, period(ctx, query));
    return { supportFinished: counters.supportFinished, closedChats: counters.closedChats };
  },
};
