import {
  isSubscriptionActive,
  type SessionResponse,
  type SessionUser,
  type User,
  zonedParts,
} from '@balcao/shared';
import { useSyncExternalStore } from 'react';
import { readToken, TOKEN_KEY } from './stored-token';

type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Set when the server refused a call with ERR_SUBSCRIPTION_EXPIRED, whatever the cached due date says. */
  refusedAsExpired: boolean;
}

let state: SessionState = {
  status: readToken() ? 'loading' : 'signedOut',
  user: null,
  refusedAsExpired: false,
};
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readToken();
}

export function getSession(): SessionState {
  return state;
}

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startSession(session: SessionResponse) {
  localStorage.setItem(TOKEN_KEY, session.token);
  setState({ status: 'signedIn', user: session.user, refusedAsExpired: false });
}

/** Resumes the session of a stored token once the server has said whose it is. */
export function resumeSession(user: SessionUser) {
  setState({ status: 'signedIn', user, refusedAsExpired: false });
}

/** Applies a fresh copy of the current user (from /auth/me, an update or a socket event). */
export function updateSessionUser(user: User | SessionUser) {
  if (!state.user || state.user.id !== user.id) return;
  const company = 'company' in user ? user.company : state.user.company;
  setState({ ...state, status: 'signedIn', user: { ...state.user, ...user, company } });
}

export function markSubscriptionExpired() {
  if (!state.refusedAsExpired) setState({ ...state, refusedAsExpired: true });
}

/** A payment renewed the company (the payment event): its new due date lifts any refusal as expired. */
export function renewSubscription(dueDate: string) {
  if (!state.user) return;
  setState({
    ...state,
    refusedAsExpired: false,
    user: { ...state.user, company: { ...state.user.company, dueDate } },
  });
}

/** The server refused a call until this admin enrols in two-factor sign-in: the app shows enrolment. */
export function markTwoFactorRequired() {
  if (state.user && !state.user.twoFactorRequired)
    setState({ ...state, user: { ...state.user, twoFactorRequired: true } });
}

/** Forgets the session on this device; device preferences (theme, volume, language) stay. */
export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  setState({ status: 'signedOut', user: null, refusedAsExpired: false });
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** Today's date (YYYY-MM-DD) in the company's time zone: due dates are company-local days. */
export function companyToday(user: SessionUser, now = new Date()): string {
  return zonedParts(now, user.company.timezone).date;
}

export function isSessionExpired(session: SessionState, now = new Date()): boolean {
  if (!session.user) return false;
  if (session.refusedAsExpired) return true;
  return !isSubscriptionActive(session.user.company.dueDate, companyToday(session.user, now));
}
