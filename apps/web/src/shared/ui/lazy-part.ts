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

/** What a person does before reaching for a part: moving the pointer, touching, typing, tabbing. */
const intents = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Fetches the parts at the first sign of someone using the page, so opening one later shows it at once,
 * while the first paint on a phone (where nothing moves until a finger lands) does not share the
 * network and the processor with code it does not show.
 */
export function usePreloadOnIntent(...parts: { preload: () => Promise<unknown> }[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module constants.
  useEffect(() => {
    const preload = () => {
      stop();
      for (const part of parts) part.preload().catch(() => undefined);
    };
    const stop = () => {
      for (const intent of intents) window.removeEventListener(intent, preload, true);
    };
    for (const intent of intents) window.addEventListener(intent, preload, { capture: true, passive: true });
    return stop;
  }, []);
}
