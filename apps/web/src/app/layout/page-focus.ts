import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page's code and first data may take before its heading shows. */
const WAIT_MS = 10_000;

/** The page's own heading (its h1) inside `main`, made focusable without joining the Tab order. */
function pageHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/** The skip link's target: the page's heading, else the page's whole area. */
export function focusPageStart(main: HTMLElement) {
  (pageHeading(main) ?? main).focus();
}

/** Puts the keyboard on the page's heading once it shows, unless the person has moved the focus meanwhile. */
function focusPageHeading(main: HTMLElement): () => void {
  const focusedBefore = document.activeElement;
  const moved = () => document.activeElement !== focusedBefore && document.activeElement !== document.body;
  // Done once the heading has the focus: a page still hidden behind a loading screen cannot take it yet.
  const tryFocus = () => {
    const heading = pageHeading(main);
    if (!heading) return false;
    heading.focus({ preventScroll: true });
    return document.activeElement === heading;
  };
  if (tryFocus()) return () => undefined;
  // A frame hidden while the page's code loads is shown again by a style on one of main's ancestors.
  const observer = new MutationObserver(() => {
    if (moved() || tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'hidden'],
  });
  return stop;
}

/** /tickets and /tickets/{uuid} are one page: opening a ticket is the page's own business. */
const pageOf = (pathname: string) => pathname.split('/')[1] ?? '';

/**
 * After signing in and after moving to another page, the keyboard starts on the new page's heading (a
 * screen reader reads it), as a full page load would start at the top. The page the browser loaded
 * (reopened or reloaded: React Router's first entry, key 'default') keeps the browser's own start, where
 * the skip link is the first stop. (Not the navigation type: it still reads POP on the first render after
 * sign-in's redirects.)
 */
export function useFocusOnPageChange(main: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const page = pageOf(location.pathname);
  const loadedHere = location.key === 'default';
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page moves the focus.
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if ((initial && loadedHere) || !main.current) return;
    return focusPageHeading(main.current);
  }, [page]);
}
