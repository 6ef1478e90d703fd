import {
  createScheduleBody,
  fromZonedInput,
  msg,
  SCHEDULE_DEFAULT_LEAD_MS,
  type ScheduleStatus,
  toZonedInput,
} from '@balcao/shared';
import { z } from 'zod';

/** Spec 000: contact search starts at the third character. */
export const CONTACT_SEARCH_MIN = 3;
/** Spec 001: the list shows the body cut at 25 characters. */
export const BODY_PREVIEW_MAX = 25;

/** The form keeps the time as the date-time input's local text; it becomes an instant on submit. */
export const scheduleForm = z.object({
  body: createScheduleBody.shape.body,
  /** 0 while no contact is chosen. */
  contactId: z.number({ error: msg.required }).int().positive(msg.required),
  sendAt: z.string().min(1, msg.required),
});
export type ScheduleForm = z.infer<typeof scheduleForm>;

/** A moment as a `datetime-local` input holds it: the company's wall time, to the minute. */
export const toLocalInput = (value: Date | string, timeZone: string): string =>
  toZonedInput(new Date(value), timeZone);

/** The typed time is the company's (spec: schedules run on the company's clock), not the browser's. */
export const fromLocalInput = (local: string, timeZone: string): string =>
  fromZonedInput(local, timeZone).toISOString();

/** Spec 000 §5: a new schedule is proposed one hour ahead. */
export const defaultSendAt = (timeZone: string, now = new Date()) =>
  toLocalInput(new Date(now.getTime() + SCHEDULE_DEFAULT_LEAD_MS), timeZone);

/** Spec 001: a sent schedule cannot be saved again, so its form is read-only. */
export const isEditable = (status: ScheduleStatus | undefined) => status !== 'ENVIADA';
