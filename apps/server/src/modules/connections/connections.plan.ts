import type { Channel, PlanFlag } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import { requirePlan } from '../../platform/permissions.js';

/** Which plan flag lets a company use a channel; the website chat is ours and on every plan. */
const channelFlag: Record<Channel, PlanFlag | undefined> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
  webchat: undefined,
};

/** Refuses (ERR_PLAN_FEATURE_DISABLED) what goes through a channel the company's plan lacks. */
export function requireChannelPlan(actor: RequestActor, channel: Channel): void {
  const flag = channelFlag[channel];
  if (flag) requirePlan(actor, flag);
}
