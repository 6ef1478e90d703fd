import { useEffect } from 'react';
import { fetchSessionUser } from '../modules/auth/auth.api';
import { applyLanguage } from '../shared/i18n/i18n';
import { clearSession, getSession, resumeSession } from '../shared/session/session.store';

/** A token left from an earlier visit is checked once against /auth/me (refreshed if it expired). */
export function useSessionBootstrap() {
  useEffect(() => {
    if (getSession().status !== 'loading') return;
    fetchSessionUser()
      .then((user) => {
        resumeSession(user);
        applyLanguage(user.language);
      })
      .catch(() => clearSession());
  }, []);
}
