/**
 * The pages most visits start on, loaded by the router with these same functions. The entry starts the
 * page at the browser's address with the first calls, so its code downloads beside the app's start
 * instead of after the app has run and matched its routes (one round trip less on a phone's network).
 */
export const firstScreenCode = {
  login: () => import('../modules/auth/login.page'),
  frame: () => import('./layout/app-layout'),
  tickets: () => import('../modules/tickets/tickets.page'),
  contacts: () => import('../modules/contacts/contacts.page'),
};

type Part = keyof typeof firstScreenCode;

const signedOutPages = /^\/(signup|recovery-password|w\/)/;

/** The parts the address shows: `/` is the dashboard for some and the inbox for others, so only its frame. */
function partsOf(pathname: string, signedIn: boolean): Part[] {
  if (signedOutPages.test(pathname)) return [];
  if (!signedIn || /^\/login\/?$/.test(pathname)) return ['login'];
  if (/^\/tickets(\/|$)/.test(pathname)) return ['frame', 'tickets'];
  if (/^\/contacts\/?$/.test(pathname)) return ['frame', 'contacts'];
  return ['frame'];
}

/** Starts the first page's code; a failure is the router's to show when it asks for the same code. */
export function startFirstScreenCode(pathname: string, signedIn: boolean) {
  for (const part of partsOf(pathname, signedIn)) firstScreenCode[part]().catch(() => undefined);
}
