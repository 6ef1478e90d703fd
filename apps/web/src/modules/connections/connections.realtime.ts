import { connectionEvent, events } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { removeConnection, upsertConnection } from './connections.cache';

/** company-{id}-whatsapp events straight into the cached list. */
export function useConnectionsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.whatsapp(me.companyId), connectionEvent, (payload) => {
    if (payload.action === 'delete') removeConnection(queryClient, payload.whatsappId);
    else upsertConnection(queryClient, payload.whatsapp);
  });
}
