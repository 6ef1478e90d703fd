import { z } from 'zod';
import { dbId, dbIdText, MAX_ID, msg, pageNumber, withoutNul } from '../validation.js';

/** Spec 000 §5: a schedule's body has at least 5 characters ('Mensagem muito curta'). */
const SCHEDULE_BODY_MIN = 5;
const SCHEDULE_BODY_MAX = 4096;
/** Spec 000 §5: a new schedule is proposed one hour ahead. */
export const SCHEDULE_DEFAULT_LEAD_MS = 60 * 60_000;

const scheduleStatuses = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

export const scheduleSchema = z.object({
  id: z.number(),
  body: z.string(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(scheduleStatuses),
  /** Why the last attempt failed; kept while retries remain and once the schedule is ERRO. */
  error: z.string().nullable(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string() }),
  userId: z.number().nullable(),
  connectionId: z.number().nullable(),
  ticketId: z.number().nullable(),
  /** The attachment sent with the text, by the name it was given. */
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

const scheduleFields = {
  body: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .min(SCHEDULE_BODY_MIN, msg.messageTooShort)
    .max(SCHEDULE_BODY_MAX, msg.tooLong)
    .refine(withoutNul, msg.invalidValue),
  contactId: z.number({ error: msg.required }).int().positive().max(MAX_ID),
  sendAt: z
    .string({ error: msg.required })
    .min(1, msg.required)
    // Without an offset it is the company's wall clock (spec clients send `YYYY-MM-DDTHH:mm`).
    .pipe(z.iso.datetime({ offset: true, local: true, error: msg.invalidValue })),
  /** Absent or null: the company's default connection. */
  connectionId: dbId().nullable(),
};

export const createScheduleBody = z.object({
  ...scheduleFields,
  connectionId: scheduleFields.connectionId.optional(),
});
export type CreateScheduleBody = z.infer<typeof createScheduleBody>;

export const updateScheduleBody = z.object(scheduleFields).partial();
export type UpdateScheduleBody = z.infer<typeof updateScheduleBody>;

export const listSchedulesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
  /** Spec 001: the list page may be opened for one contact. */
  contactId: dbIdText().optional(),
});
export type ListSchedulesQuery = z.infer<typeof listSchedulesQuery>;

export const listSchedulesResponse = z.object({
  schedules: z.array(scheduleSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

/** `company-{id}-schedule`: to the schedule's author and those who manage every schedule. */
export const scheduleEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), schedule: scheduleSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type ScheduleEvent = z.infer<typeof scheduleEvent>;
