import { type CampaignStatus, campaignConfirmationKeys, campaignMessageKeys, MAX_ID } from '@balcao/shared';

/** What a saved campaign waiting to run becomes: PROGRAMADA with a schedule, INATIVA without one. */
export const waitingStatus = (scheduledAt: Date | null): CampaignStatus =>
  scheduledAt ? 'PROGRAMADA' : 'INATIVA';

/** A cancelled campaign keeps its audience and connections for a restart: only what it says may change. */
export const textKeys: readonly string[] = [...campaignMessageKeys, ...campaignConfirmationKeys];

/**
 * The connection ids a body names: `connectionIds` when given, else the replaced product's
 * comma-separated `whatsappId` ("1,2,3" or one number). Repeats collapse; `undefined` means "not
 * given", and a token that is no id answers null (bad input).
 */
export function requestedConnectionIds(input: {
  connectionIds?: number[];
  whatsappId?: string | number;
}): number[] | undefined | null {
  if (input.connectionIds) return [...new Set(input.connectionIds)];
  if (input.whatsappId === undefined) return undefined;
  if (typeof input.whatsappId === 'number') return [input.whatsappId];
  const tokens = input.whatsappId.split(',').map((token) => token.trim());
  const nonEmpty = tokens.filter((token) => token !== '');
  if (nonEmpty.some((token) => !/^[1-9]\d{0,9}$/.test(token) || Number(token) > MAX_ID)) return null;
  return [...new Set(nonEmpty.map(Number))];
}
