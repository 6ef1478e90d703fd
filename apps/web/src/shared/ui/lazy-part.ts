import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';

export type LazyPart<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * A part of a screen (a dialog, the chat) whose code is fetched when first shown, so the screen's
 * first paint does not wait for it. `preload` fetches it ahead; both share one request.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        // Forgotten, so the part's first render asks again instead of meeting an old network failure.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/**
 * Fetches the parts once the screen has painted, so opening one later shows it at once instead of
 * waiting for its code.
 */
export function usePreloadAfterPaint(...parts: { preload: () => Promise<unknown> }[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module constants.
  useEffect(() => {
    for (const part of parts) part.preload().catch(() => undefined);
  }, []);
}
