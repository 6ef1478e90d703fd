import { events, type PromptEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { integrationManagers } from '../queue-integrations/integrations.audience.js';

export function publishPrompt(deps: Pick<AppDeps, 'realtime'>, companyId: number, event: PromptEvent) {
  deps.realtime.toRoom(integrationManagers(companyId), events.prompt(companyId), event);
}
