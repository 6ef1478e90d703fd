import { createScheduleBody, msg, SCHEDULE_DEFAULT_LEAD_MS, type ScheduleStatus } from '@balcao/shared';
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

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` input holds it: the browser's local wall time, to the minute. */
export function toLocalInput(value: Date | string): string {
  const date = new Date(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const fromLocalInput = (local: string): string => new Date(local).toISOString();

/** Spec 000 §5: a new schedule is proposed one hour ahead. */
export const defaultSendAt = (now = new Date()) =>
  toLocalInput(new Date(now.getTime() + SCHEDULE_DEFAULT_LEAD_MS));

/** Spec 001: a sent schedule cannot be saved again, so its form is read-only. */
export const isEditable = (status: ScheduleStatus | undefined) => status !== 'ENVIADA';
