import { events, integrationEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { integrationLists } from './integrations.cache';

/** company-{id}-queueIntegration events straight into the cached lists. */
export function useIntegrationsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.queueIntegration(me.companyId), integrationEvent, (payload) => {
    if (payload.action === 'delete') integrationLists.remove(queryClient, payload.id);
    else integrationLists.upsert(queryClient, payload.record);
  });
}
