import { addDays, daysUntil } from '../time.js';

/** Months a company's due date moves per payment or renewal (spec 001 §6, company due date). */
const recurrenceMonths: Record<string, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const monthsOf = (recurrence: string): number => recurrenceMonths[recurrence] ?? 1;

/**
 * Adds whole months to a YYYY-MM-DD date; a day the target month lacks falls on its last day
 * (31/01 + 1 month = 28/02), so a due date never jumps into the month after.
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The due date after a payment: the recurrence counted from the later of today and the current due
 * date, so paying early loses no day and paying late does not buy days already past.
 */
export function extendDueDate(dueDate: string, today: string, recurrence: string): string {
  const from = dueDate > today ? dueDate : today;
  return addMonths(from, monthsOf(recurrence));
}

/** Spec 001 §6, invoice display status: Pago, Vencido (not paid, due before today), Em Aberto. */
export function invoiceDisplayStatus(invoice: { status: string; dueDate: string }, today: string) {
  if (invoice.status === 'paid') return 'paid' as const;
  return daysUntil(invoice.dueDate, today) < 0 ? ('overdue' as const) : ('open' as const);
}

/** The last day a company past its due date still works (the grace period, see SUBSCRIPTION_GRACE_DAYS). */
export const lastGraceDay = (dueDate: string, graceDays: number): string => addDays(dueDate, graceDays - 1);
