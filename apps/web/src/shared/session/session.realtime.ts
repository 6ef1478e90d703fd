import { authEvent, companyEvent, events, FORCED_RELOAD_DELAY_MS, userEvent } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../socket/socket';
import { toast } from '../toast/toast.store';
import { markEndedElsewhere } from './ended-elsewhere';
import { clearSession, updateSessionCompany, updateSessionUser } from './session.store';
import { useSessionUser } from './session-user';

/** Keeps the signed-in user and their company current and ends this session when the account signs in elsewhere. */
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

  // The super user renewed or changed the company: the top bar's due date and the plan's menu follow.
  useSocketEvent(events.company(me.companyId), companyEvent, (payload) =>
    updateSessionCompany(payload.company),
  );
}
