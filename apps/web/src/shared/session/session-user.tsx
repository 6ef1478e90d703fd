import type { SessionUser } from '@balcao/shared';
import { createContext, type ReactNode, useContext } from 'react';

const SessionUserContext = createContext<SessionUser | null>(null);

/** Given by the private-route guard, so everything behind it can rely on a signed-in user. */
export function SessionUserProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
}

export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser is only for pages behind the private-route guard');
  return user;
}
