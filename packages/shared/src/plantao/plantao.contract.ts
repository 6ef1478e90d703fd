import { z } from 'zod';
import { WEEKDAYS } from '../queues/queues.contract.js';
import { MAX_ID, msg, pageNumber, timeOfDay, withoutNul } from '../validation.js';

/** Spec 001 §9: a new record notifies every minute unless told otherwise. */
export const PLANTAO_DEFAULT_INTERVAL = 1;
/** A day at most between two notices about one waiting ticket. */
const PLANTAO_MAX_INTERVAL = 1440;

/** The spec's `weekday` beside `weekdayEn`, as spec clients read it. */
const WEEKDAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
  sunday: 'Domingo',
};
export const weekdayName = (weekdayEn: (typeof WEEKDAYS)[number]) => WEEKDAY_NAMES[weekdayEn];

const emptyOrTime = z.union([z.literal(''), timeOfDay()]);

/**
 * One weekday: both times, or neither (no duty that day). An end before the start runs past midnight.
 * Spec 001 §5: a start without an end asks for the end, and the other way round.
 */
const plantaoDayInput = z
  .object({
    weekdayEn: z.enum(WEEKDAYS),
    weekday: z.string().optional(),
    startTime: emptyOrTime.default(''),
    endTime: emptyOrTime.default(''),
  })
  .superRefine((day, ctx) => {
    if (day.startTime && !day.endTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: msg.plantaoEnd });
    if (day.endTime && !day.startTime)
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: msg.plantaoStart });
  });

const hasDuty = (day: { startTime: string; endTime: string }) => Boolean(day.startTime && day.endTime);

/** The body of POST and PUT /plantao; `days` names each weekday at most once, the others have no duty. */
export const savePlantaoBody = z.object({
  userId: z
    .number({ error: msg.plantaoUser })
    .int(msg.plantaoUser)
    .positive(msg.plantaoUser)
    .max(MAX_ID, msg.plantaoUser),
  phone: z
    .string({ error: msg.plantaoPhone })
    .trim()
    .min(1, { message: msg.plantaoPhone, abort: true })
    .max(30, msg.tooLong)
    .refine(withoutNul, msg.invalidValue)
    .refine((phone) => /^\+?[\d\s().-]+$/.test(phone), msg.invalidValue)
    .transform((phone) => phone.replace(/\D/g, ''))
    .refine((digits) => digits.length >= 8 && digits.length <= 15, msg.invalidValue),
  interval: z
    .number({ error: msg.plantaoInterval })
    .int(msg.plantaoInterval)
    .min(1, msg.plantaoInterval)
    .max(PLANTAO_MAX_INTERVAL, msg.invalidValue)
    .default(PLANTAO_DEFAULT_INTERVAL),
  days: z
    .array(plantaoDayInput)
    .max(WEEKDAYS.length, msg.invalidValue)
    .refine((days) => new Set(days.map((d) => d.weekdayEn)).size === days.length, msg.invalidValue)
    .refine((days) => days.some(hasDuty), msg.plantaoOneDay),
});
export type SavePlantaoBody = z.input<typeof savePlantaoBody>;
export type SavePlantao = z.output<typeof savePlantaoBody>;

const plantaoDaySchema = z.object({
  weekday: z.string(),
  weekdayEn: z.enum(WEEKDAYS),
  startTime: z.string(),
  endTime: z.string(),
});

/** Spec 001 §3: the seven weekdays always, Monday first; a day without duty has empty times. */
export const plantaoSchema = z.object({
  id: z.number(),
  userId: z.number(),
  phone: z.string(),
  interval: z.number(),
  days: z.array(plantaoDaySchema),
  user: z.object({ name: z.string() }),
});
export type Plantao = z.infer<typeof plantaoSchema>;

export const listPlantaoQuery = z.object({ pageNumber });
export const listPlantaoResponse = z.object({
  plantoes: z.array(plantaoSchema),
  hasMore: z.boolean(),
  count: z.number(),
});
