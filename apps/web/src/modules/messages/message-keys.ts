import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';

const MESSAGE = 'li[data-message-id]';
const CONTROL = 'a[href], button, input, select, textarea, audio[controls], video[controls], [tabindex]';

/** A message's own controls (its menu, reactions, file), in reading order, leaving the message itself out. */
function controlsOf(item: HTMLElement): HTMLElement[] {
  return [...item.querySelectorAll<HTMLElement>(CONTROL)].filter(
    (control) => !control.matches(MESSAGE) && !control.hasAttribute('disabled'),
  );
}

/** Takes every message's controls out of the Tab order: they are reached with the arrow keys. */
function keepControlsOutOfTabOrder(list: HTMLElement) {
  for (const item of list.querySelectorAll<HTMLElement>(MESSAGE)) {
    for (const control of controlsOf(item)) {
      if (control.getAttribute('tabindex') !== '-1') control.setAttribute('tabindex', '-1');
    }
  }
}

function step(key: string, items: HTMLElement[], index: number): HTMLElement | undefined {
  if (key === 'ArrowUp') return items[index - 1];
  if (key === 'ArrowDown') return items[index + 1];
  if (key === 'Home') return items[0];
  if (key === 'End') return items.at(-1);
  return undefined;
}

/**
 * A conversation is one Tab stop, whatever its length (a roving tabindex): the message the keyboard was
 * last on, else `start` (a search hit), else the newest. ↑ ↓ Home End move between messages; → and ←
 * go through the message's own controls, Escape back to the message. So Tab goes from the conversation
 * straight to the reply box. `focusFirst`: the keyboard lands on that message once it shows (a ticket
 * just opened), unless the person has put it somewhere else meanwhile.
 */
export function useMessageKeys(
  list: RefObject<HTMLElement | null>,
  ids: readonly number[],
  start: number | undefined,
  focusFirst: boolean,
) {
  const [current, setCurrent] = useState<number>();
  const active =
    current !== undefined && ids.includes(current)
      ? current
      : start !== undefined && ids.includes(start)
        ? start
        : ids.at(-1);

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    keepControlsOutOfTabOrder(el);
    const observer = new MutationObserver(() => keepControlsOutOfTabOrder(el));
    observer.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex'] });
    return () => observer.disconnect();
  }, [list]);

  const focused = useRef(false);
  // Where the keyboard was when the ticket opened: if it has gone elsewhere by the time the messages
  // arrive (a file picked, a dialog open), taking it back would pull it out of what the person is doing.
  const [focusAtOpen] = useState(() => document.activeElement);
  useEffect(() => {
    if (!focusFirst || focused.current || active === undefined) return;
    focused.current = true;
    const now = document.activeElement;
    if (now !== focusAtOpen && now !== document.body) return;
    list.current?.querySelector<HTMLElement>(`[data-message-id="${active}"]`)?.focus({ preventScroll: true });
  }, [focusFirst, active, list, focusAtOpen]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>(MESSAGE);
    if (item && list.current?.contains(item)) setCurrent(Number(item.dataset.messageId));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const el = list.current;
    const target = event.target as HTMLElement;
    // Keys typed in a message's dialog (rendered elsewhere, bubbling here through React) are not ours.
    const item = target.closest<HTMLElement>(MESSAGE);
    if (!el || !item || !el.contains(item)) return;
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const controls = controlsOf(item);
      const at = controls.indexOf(target);
      next =
        event.key === 'ArrowRight'
          ? controls[at + 1]
          : at <= 0
            ? at === 0
              ? item
              : undefined
            : controls[at - 1];
    } else if (event.key === 'Escape' && target !== item) {
      next = item;
    } else {
      const items = [...el.querySelectorAll<HTMLElement>(MESSAGE)];
      next = step(event.key, items, items.indexOf(item));
    }
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.scrollIntoView?.({ block: 'nearest' });
  };

  return { active, onFocus, onKeyDown };
}
