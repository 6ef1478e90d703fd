import type { CampaignSettings } from '@balcao/shared';

export type Pacing = Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>;

/**
 * The pause after a campaign's `sent`-th send, in ms (server-behaviour §3.10, its intended reading):
 * after every `longerIntervalAfter` sends the longer `greaterInterval`, otherwise a random
 * 0..`messageInterval` seconds. `longerIntervalAfter` 0 means never.
 */
export function pauseAfter(pacing: Pacing, sent: number, random: () => number): number {
  const { messageInterval, longerIntervalAfter, greaterInterval } = pacing;
  if (longerIntervalAfter > 0 && sent > 0 && sent % longerIntervalAfter === 0) return greaterInterval * 1000;
  return Math.round(random() * messageInterval * 1000);
}

/** The average pause between two sends of the campaign, in ms, for the report's expected finish. */
export function averagePause(pacing: Pacing): number {
  const { messageInterval, longerIntervalAfter, greaterInterval } = pacing;
  const usual = (messageInterval * 1000) / 2;
  if (longerIntervalAfter <= 0) return usual;
  return (usual * (longerIntervalAfter - 1) + greaterInterval * 1000) / longerIntervalAfter;
}
