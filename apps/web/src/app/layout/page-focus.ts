import { type RefObject, useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

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
  const tryFocus = () => {
    const heading = pageHeading(main);
    if (!heading) return false;
    if (!moved()) heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (moved() || tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/** /tickets and /tickets/{uuid} are one page: opening a ticket is the page's own business. */
const pageOf = (pathname: string) => pathname.split('/')[1] ?? '';

/**
 * After signing in and after moving to another page, the keyboard starts on the new page's heading (a
 * screen reader reads it), as a full page load would start at the top. A page opened by its address
 * or reloaded (a POP on first render) keeps the browser's own start, where the skip link is the first stop.
 */
export function useFocusOnPageChange(main: RefObject<HTMLElement | null>) {
  const page = pageOf(useLocation().pathname);
  const navigationType = useNavigationType();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of page moves the focus.
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if ((initial && navigationType === 'POP') || !main.current) return;
    return focusPageHeading(main.current);
  }, [page]);
}
