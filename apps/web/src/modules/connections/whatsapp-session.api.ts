import { events, type WhatsappSession, whatsappSessionEvent, whatsappSessionSchema } from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api/http';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { toast } from '../../shared/toast/toast.store';
import { connectionsKeys } from './connections.keys';

const sessionKeys = {
  one: (id: number) => [...connectionsKeys.all, 'session', id] as const,
};

/** The WhatsApp session behind a connection: first over HTTP, then kept current by the socket. */
export function useWhatsappSession(id: number) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  useSocketEvent(events.whatsappSession(me.companyId), whatsappSessionEvent, (payload) => {
    if (payload.action === 'update' && payload.session.id === id)
      queryClient.setQueryData<WhatsappSession>(sessionKeys.one(id), payload.session);
  });
  return useQuery({
    queryKey: sessionKeys.one(id),
    queryFn: () => request(`/whatsappsession/${id}`, { schema: whatsappSessionSchema }),
  });
}

/** A connected session went down: whoever manages connections hears it on any page. */
export function useSessionDrops() {
  const me = useSessionUser();
  const { t } = useTranslation();
  useSocketEvent(events.whatsappSession(me.companyId), whatsappSessionEvent, (payload) => {
    if (payload.action === 'dropped') toast.warning(t('connections.session.dropped', { name: payload.name }));
  });
}

type SessionAction = 'start' | 'renew' | 'end' | 'closeImported';

const calls: Record<SessionAction, (id: number, pairingNumber?: string) => Promise<unknown>> = {
  start: (id, pairingNumber) =>
    request(`/whatsappsession/${id}`, { method: 'POST', body: pairingNumber ? { pairingNumber } : {} }),
  renew: (id) => request(`/whatsappsession/${id}`, { method: 'PUT' }),
  end: (id) => request(`/whatsappsession/${id}`, { method: 'DELETE' }),
  closeImported: (id) => request(`/closedimported/${id}`, { method: 'POST' }),
};

/** The session buttons (new QR, try again, disconnect...); errors become toasts. */
export function useSessionAction() {
  return useMutation({
    mutationFn: ({
      action,
      id,
      pairingNumber,
    }: {
      action: SessionAction;
      id: number;
      pairingNumber?: string;
    }) => calls[action](id, pairingNumber),
    onError: (error) => toast.apiError(error),
  });
}
