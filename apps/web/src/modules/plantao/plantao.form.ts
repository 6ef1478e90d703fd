import { msg, PLANTAO_DEFAULT_INTERVAL, type Plantao, savePlantaoBody, WEEKDAYS } from '@balcao/shared';
import { z } from 'zod';

/**
 * The dialog's form: the contract's body, with the inputs' own shapes in front of it (an empty select
 * is '', a number field holds text). Every rule and message is the contract's.
 */
export const plantaoForm = savePlantaoBody.extend({
  userId: z.preprocess((value) => (value === '' ? undefined : Number(value)), savePlantaoBody.shape.userId),
  // A cleared field is not "the default": the spec asks for the interval ('Informe o intervalo…').
  interval: z.preprocess(
    (value) => (value === '' || value === undefined ? Number.NaN : Number(value)),
    z.number({ error: msg.plantaoInterval }).int(msg.plantaoInterval).min(1, msg.plantaoInterval),
  ),
});
export type PlantaoFormInput = z.input<typeof plantaoForm>;
export type PlantaoFormValues = z.output<typeof plantaoForm>;

export const plantaoFieldNames = [
  'userId',
  'phone',
  'interval',
  'days',
  ...WEEKDAYS.flatMap((_day, i) => [`days.${i}.startTime`, `days.${i}.endTime`] as const),
] as const;

/** A new record: every weekday empty, the spec's default interval. */
export function plantaoFormValues(record: Plantao | null): PlantaoFormInput {
  return {
    userId: record?.userId ?? '',
    phone: record?.phone ?? '',
    interval: String(record?.interval ?? PLANTAO_DEFAULT_INTERVAL),
    days: WEEKDAYS.map((weekdayEn) => {
      const day = record?.days.find((d) => d.weekdayEn === weekdayEn);
      return { weekdayEn, startTime: day?.startTime ?? '', endTime: day?.endTime ?? '' };
    }),
  };
}
