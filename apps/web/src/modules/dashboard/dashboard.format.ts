/**
 * Minutes as a person reads them: "45 s", "12 min", "1 h 05 min", "2 d 3 h"; a dash when nothing
 * was measured. The units are the same in the four languages.
 */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const seconds = Math.round(minutes * 60);
  if (seconds < 60) return `${seconds} s`;
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return `${hours} h ${String(whole % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Minutes from `since` until `now`, for what is still waiting. */
export const minutesSince = (since: string, now: number) => Math.max(0, (now - Date.parse(since)) / 60_000);

/** A 0–10 average with one decimal; a dash with no rating. */
export const formatRating = (rating: number | null) => (rating === null ? '—' : rating.toFixed(1));
