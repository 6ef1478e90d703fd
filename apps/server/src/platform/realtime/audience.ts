import type { RequestActor } from '../auth/actor.js';

/** The audience rooms an actor belongs to, as one module sees it (tickets, users…). */
export type AudienceSource = (actor: RequestActor) => Promise<string[]>;

export async function audienceOf(sources: readonly AudienceSource[], actor: RequestActor): Promise<string[]> {
  return (await Promise.all(sources.map((source) => source(actor)))).flat();
}
