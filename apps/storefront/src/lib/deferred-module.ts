import { useEffect, useState } from 'react';
import { withChunkReload } from './chunk-reload';
import { afterPageSettled } from './prefetch';

/**
 * A module kept out of the first load (the search modal, the phone menu, the toasts): nothing a
 * page draws on the server needs it, so it is fetched once the page is drawn with its data and
 * idle, or at its first use if that comes sooner.
 */
export interface DeferredModule<M> {
  /** The module once it is there (a page drawn later gets it at its first render). */
  current: M | undefined;
  /** Loads it (once). */
  load(): Promise<M>;
}

export function deferredModule<M>(load: () => Promise<M>): DeferredModule<M> {
  let loading: Promise<M> | undefined;
  const holder: DeferredModule<M> = {
    current: undefined,
    load: () => {
      // A failed load (offline) is tried again at the next use.
      loading ??= load().then(
        (module) => (holder.current = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
  return holder;
}

/**
 * `module` once loaded: warmed when the page has settled, and loaded at once while `needed` (the
 * modal opened, a toast to show). A stale chunk at that use (a newer build) reloads the page;
 * warming ahead never does. Undefined until then, on the server and at hydration too, so the
 * first render is the server's.
 */
export function useDeferredModule<M>(module: DeferredModule<M>, needed: boolean): M | undefined {
  const [loaded, setLoaded] = useState(() => module.current);
  useEffect(
    () =>
      afterPageSettled(() => {
        module.load().then(
          (m) => setLoaded(() => m),
          () => {},
        );
      }),
    [module],
  );
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    void withChunkReload(module.load)().then((m) => {
      if (live) setLoaded(() => m);
    });
    return () => {
      live = false;
    };
  }, [needed, loaded, module]);
  return loaded;
}
