import { events, fileListEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { fileLists } from './files.cache';

/** company-{id}-files events straight into the cached lists. */
export function useFilesRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.files(me.companyId), fileListEvent, (payload) => {
    if (payload.action === 'delete') fileLists.remove(queryClient, payload.id);
    else fileLists.upsert(queryClient, payload.record);
  });
}
