/**
 * When the customer wrote a message, from the provider's timestamp (`ms` since the epoch): a late
 * redelivery then sorts where it was written. Never later than now (a skewed clock would put it
 * after messages not yet written), nor a timestamp that does not read.
 */
export function writtenAt(ms: number | undefined): Date | undefined {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return undefined;
  return new Date(Math.min(ms, Date.now()));
}
