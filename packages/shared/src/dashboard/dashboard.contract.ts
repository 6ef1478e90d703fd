import { z } from 'zod';
import { msg } from '../validation.js';

/** The period select of the dashboard (spec 000 §9). */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** Tempo Real looks at tickets changed in this many days (spec 000 §9). */
export const MOMENTS_WINDOW_DAYS = 30;
/** Tickets shown on each Tempo Real card; the card's count still counts them all. */
export const MOMENTS_CARD_TICKETS = 20;
/** NPS bands on the 0–10 answer: detractors up to 6, passives 7–8, promoters from 9. */
export const NPS_PASSIVE_FROM = 7;
export const NPS_PROMOTER_FROM = 9;

const day = z.iso.date({ error: msg.invalidValue });

/**
 * The period: `days` (the last N days, today included) or a range of company days; with neither,
 * today. A range is at most a year and never ends before it starts.
 */
export const dashboardQuery = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((n) => (DASHBOARD_PERIODS as readonly number[]).includes(n), msg.invalidValue)
      .optional(),
    date_from: day.optional(),
    date_to: day.optional(),
    /** The names the spec's chart calls use for date_from and date_to. */
    initialDate: day.optional(),
    finalDate: day.optional(),
  })
  .transform(({ initialDate, finalDate, ...q }) => ({
    ...q,
    date_from: q.date_from ?? initialDate,
    date_to: q.date_to ?? finalDate,
  }))
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: msg.invalidValue,
    path: ['date_to'],
  })
  .refine(
    (q) =>
      !q.date_from ||
      !q.date_to ||
      Date.parse(`${q.date_to}T00:00:00Z`) - Date.parse(`${q.date_from}T00:00:00Z`) <= 366 * 86_400_000,
    { message: msg.invalidValue, path: ['date_to'] },
  );
/** What the dashboard screen sends. */
export type DashboardQuery = {
  days?: number;
  date_from?: string;
  date_to?: string;
};
/** What the server reads, the spec's aliases folded in. */
export type DashboardPeriodQuery = z.output<typeof dashboardQuery>;

/** Minutes, fractional; null when nothing was measured. */
const minutes = z.number().nullable();

const dashboardPeriodSchema = z.object({
  /** First and last company day of the period (YYYY-MM-DD), both included. */
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
});

const dashboardCountersSchema = z.object({
  /** Waiting now: open cycles no attendant accepted yet. */
  supportPending: z.number(),
  /** Being served now: open cycles an attendant accepted. */
  supportHappening: z.number(),
  /** Cycles closed in the period (a ticket reopened and closed twice counts twice). */
  supportFinished: z.number(),
  /** Tickets with at least one cycle closed in the period. */
  closedChats: z.number(),
  /** Contacts whose first ticket started in the period. */
  leads: z.number(),
  avgSupportTime: minutes,
  avgWaitTime: minutes,
  dueDate: z.string(),
});
export type DashboardCounters = z.infer<typeof dashboardCountersSchema>;

const dashboardAttendantSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Average 0–10 answer of the period's ratings; null with none. */
  rating: z.number().nullable(),
  countRating: z.number(),
  /** Cycles the attendant closed in the period. */
  tickets: z.number(),
  avgWaitTime: minutes,
  avgSupportTime: minutes,
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof dashboardAttendantSchema>;

export const npsInfoSchema = z.object({
  /** Promoters (9–10), passives (7–8), detractors (0–6): the spec's boa, media, ruim. */
  boa: z.number(),
  media: z.number(),
  ruim: z.number(),
  total_notas: z.number(),
  /** % promoters − % detractors, −100..100; null with no answers. */
  score: z.number().nullable(),
  /** The score of the equal period just before; null with no answers then. */
  previousScore: z.number().nullable(),
});
export type NpsInfo = z.infer<typeof npsInfoSchema>;

export const ticketsPerQueueSchema = z.array(
  z.object({
    queueId: z.number().nullable(),
    name: z.string().nullable(),
    color: z.string().nullable(),
    count: z.number(),
  }),
);
export const ticketsPerUserSchema = z.array(
  z.object({ userId: z.number().nullable(), name: z.string().nullable(), count: z.number() }),
);
export const ticketsTimelineSchema = z.object({
  /** Per company day over a longer period, per hour of the day over one day. */
  unit: z.enum(['day', 'hour']),
  /** YYYY-MM-DD or HH, every bucket of the period, empty ones with 0. */
  points: z.array(z.object({ at: z.string(), count: z.number() })),
});
export type TicketsTimeline = z.infer<typeof ticketsTimelineSchema>;

const connectionHealthSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    channel: z.string(),
    status: z.string(),
    /** Percent of the period's elapsed time the timeline shows it CONNECTED; null without a timeline. */
    uptime: z.number().nullable(),
  }),
);

export const dashboardResponse = z.object({
  period: dashboardPeriodSchema,
  counters: dashboardCountersSchema,
  attendants: z.array(dashboardAttendantSchema),
  /** The attendant with the most cycles closed in the period (then best rating, then name). */
  featuredUserId: z.number().nullable(),
  nps: npsInfoSchema,
  queues: ticketsPerQueueSchema,
  users: ticketsPerUserSchema,
  timeline: ticketsTimelineSchema,
  connections: connectionHealthSchema,
});
export type DashboardData = z.infer<typeof dashboardResponse>;

export const userInfoResponse = z.object({
  attendants: z.array(dashboardAttendantSchema),
  featuredUserId: z.number().nullable(),
});
export const finishedResponse = dashboardCountersSchema.pick({ supportFinished: true, closedChats: true });

const momentTicketSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  contactName: z.string(),
  queueName: z.string().nullable(),
  queueColor: z.string().nullable(),
  /** Pending since it was queued; open since it was accepted. */
  since: z.string(),
});

const momentCardSchema = z.object({
  /** Null for the 'Pendentes' card. */
  userId: z.number().nullable(),
  name: z.string(),
  online: z.boolean(),
  count: z.number(),
  /** The oldest `since` among all the card's tickets. */
  oldestSince: z.string().nullable(),
  tickets: z.array(momentTicketSchema),
});
export type MomentCard = z.infer<typeof momentCardSchema>;

export const momentsResponse = z.object({ pending: momentCardSchema, attendants: z.array(momentCardSchema) });
export type Moments = z.infer<typeof momentsResponse>;
