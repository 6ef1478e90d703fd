import { LIST_NEXT_PAGE_PX } from '@balcao/shared';
import { useCallback, useEffect, useRef } from 'react';

interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Infinite scroll for a scrolling container: the next page is asked for once the bottom is within
 * LIST_NEXT_PAGE_PX, and also while the loaded rows do not fill the container (tall screens never scroll).
 */
export function useLoadMoreOnScroll<T extends HTMLElement>({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: Pager) {
  const ref = useRef<T>(null);

  const check = useCallback(() => {
    const el = ref.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < LIST_NEXT_PAGE_PX) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(check);

  return { ref, onScroll: check };
}
