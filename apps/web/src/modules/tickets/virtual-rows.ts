import { type RefObject, useCallback, useEffect, useState } from 'react';

/** Rows drawn beyond each edge of the viewport, so a fast scroll never shows a blank strip. */
const OVERSCAN = 6;

export interface Viewport {
  scrollTop: number;
  height: number;
}

/**
 * The rows a fixed-height list must draw for what is on screen: ten thousand tickets cost the
 * browser a screenful of rows, not ten thousand.
 */
export function visibleRange(count: number, rowHeight: number, viewport: Viewport) {
  const first = Math.floor(viewport.scrollTop / rowHeight);
  const shown = Math.ceil(viewport.height / rowHeight) + 1;
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(count, first + shown + OVERSCAN);
  return { start, end: Math.max(start, end) };
}

/** Where a scrolling container is, kept current on scroll and resize. */
export function useViewport(ref: RefObject<HTMLElement | null>) {
  const [viewport, setViewport] = useState<Viewport>({ scrollTop: 0, height: 0 });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setViewport((was) =>
      was.scrollTop === el.scrollTop && was.height === el.clientHeight
        ? was
        : { scrollTop: el.scrollTop, height: el.clientHeight },
    );
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, measure]);
  return { viewport, measure };
}
