const KEY = 'balcao.endedElsewhere';

/**
 * The sign-in this tab held was ended by one on another computer. Kept across the reload that
 * follows, so the login page can still say why (a toast would vanish with the page), until the
 * next sign-in here.
 */
export function markEndedElsewhere() {
  sessionStorage.setItem(KEY, '1');
}

export const wasEndedElsewhere = (): boolean => sessionStorage.getItem(KEY) === '1';

export function forgetEndedElsewhere() {
  sessionStorage.removeItem(KEY);
}
