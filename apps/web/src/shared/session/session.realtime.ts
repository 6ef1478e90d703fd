import { authEvent, events, FORCED_RELOAD_DELAY_MS, userEvent } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../socket/socket';
import { toast } from '../toast/toast.store';
import { markEndedElsewhere } from './ended-elsewhere';
import { clearSession, updateSessionUser } from './session.store';
import { useSessionUser } from './session-user';

/** Keeps the signed-in user current and ends this session when the account signs in elsewhere. */
export function useSessionRealtime() {
  const me = useSessionUser();
  const { t } = useTranslation();

  useSocketEvent(events.auth(me.companyId), authEvent, (payload) => {
    if (payload.user.id !== me.id) return;
    toast.error(t('auth.session.accessedElsewhere'));
    markEndedElsewhere();
    clearSession();
    setTimeout(() => window.location.reload(), FORCED_RELOAD_DELAY_MS);
  });

  useSocketEvent(events.user(me.companyId), userEvent, (payload) => {
    if (payload.action === 'update' && payload.user.id === me.id) updateSessionUser(payload.user);
  });
}
