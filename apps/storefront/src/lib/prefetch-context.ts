import { createContext, useContext } from 'react';

/** Warms the route module of a path (prefix included); provided by the app's router. */
export const PrefetchContext = createContext<(path: string) => void>(() => {});

export function usePrefetch(): (path: string) => void {
  return useContext(PrefetchContext);
}
