/** Shifts are set in 10-minute steps, the step the time inputs used. */
const STEP_MINUTES = 10;
/** The usual end of a shift that runs to midnight (the default end of work). */
const END_OF_DAY = '23:59';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The times of day (HH:mm) a shift field offers. A select rather than the browser's time input:
 * that one shows the browser's clock (12-hour in an English browser), not the interface language's.
 * A stored time between two steps is kept among the choices.
 */
export function timeOfDayChoices(current?: string): string[] {
  const steps = Array.from({ length: (24 * 60) / STEP_MINUTES }, (_v, i) => {
    const minutes = i * STEP_MINUTES;
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  });
  const extra = [END_OF_DAY, current].filter((time): time is string => Boolean(time));
  return [...new Set([...steps, ...extra])].sort();
}
