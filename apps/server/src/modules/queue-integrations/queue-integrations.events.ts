import { events, type IntegrationEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { integrationManagers } from './integrations.audience.js';

export function publishIntegration(
  deps: Pick<AppDeps, 'realtime'>,
  companyId: number,
  event: IntegrationEvent,
) {
  deps.realtime.toRoom(integrationManagers(companyId), events.queueIntegration(companyId), event);
}
