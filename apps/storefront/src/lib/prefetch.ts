import { ROUTE_PREFETCH_LIMIT } from '@otc/sdk';

type Task = () => Promise<unknown>;

/** Runs prefetch tasks at most `limit` at a time; a key is fetched once. */
export function createPrefetchQueue(limit: number = ROUTE_PREFETCH_LIMIT) {
  const waiting: Array<{ key: string; task: Task }> = [];
  const seen = new Set<string>();
  let active = 0;

  function pump() {
    while (active < limit && waiting.length > 0) {
      const next = waiting.shift();
      if (!next) return;
      active += 1;
      next
        .task()
        .catch(() => {
          // A failed prefetch may be retried by a later hover.
          seen.delete(next.key);
        })
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  }

  return {
    enqueue(key: string, task: Task): void {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push({ key, task });
      pump();
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type PrefetchQueue = ReturnType<typeof createPrefetchQueue>;

/**
 * Runs `task` once the page has loaded and the main thread is idle, so warming the pages a
 * link leads to never competes with drawing this one. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
    else setTimeout(run, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
  };
}

let pageSettled: () => Promise<unknown> = () => Promise.resolve();

/** The app (src/main.tsx) says how to know this page is drawn with its data. */
export function setPageSettledGate(gate: () => Promise<unknown>): void {
  pageSettled = gate;
}

/** Resolves once this page is drawn with its data and the browser is idle (the app's gate). */
export function whenPageSettled(): Promise<unknown> {
  return pageSettled();
}

/**
 * Runs `task` once this page is drawn with its data and the browser is idle (the gate set by the
 * app; at once without one), so warming what comes next never delays this page. Returns a
 * cancel function.
 */
export function afterPageSettled(task: () => void): () => void {
  let cancelled = false;
  void whenPageSettled().then(() => {
    if (!cancelled) task();
  });
  return () => {
    cancelled = true;
  };
}
