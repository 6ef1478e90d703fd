import type { Channel, PlanFlag, PlanFlags } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

/** Which plan flag lets a company use a channel; the website chat is ours and on every plan. */
const channelFlag: Record<Channel, PlanFlag | undefined> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
  webchat: undefined,
};

/**
 * The one rule of channel flags (docs/decisions.md, "Channel plan flags"): a plan without a channel
 * sends nothing through it and connects nothing new to it; what customers send on it is still kept.
 */
function channelInPlan(plan: PlanFlags | undefined, channel: Channel): boolean {
  const flag = channelFlag[channel];
  return !flag || plan?.[flag] === true;
}

/** For a user's request: refuses (ERR_PLAN_FEATURE_DISABLED) what goes through a channel the plan lacks. */
export function requireChannelPlan(actor: RequestActor, channel: Channel): void {
  if (!actor.super && !channelInPlan(actor.company.plan, channel))
    throw new AppError('ERR_PLAN_FEATURE_DISABLED');
}

/** For work done on no user's behalf (the external API, jobs, the outbox): the company's plan, cached. */
export async function companyHasChannel(
  deps: Pick<AppDeps, 'actors'>,
  companyId: number,
  channel: string,
): Promise<boolean> {
  return channelInPlan(await deps.actors.plan(companyId), channel as Channel);
}
