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

/** Longest run of idle tasks in one go: a tap arriving meanwhile is answered within a frame. */
export const IDLE_SLICE_MS = 8;

const idleTasks: Array<() => void> = [];
let idleScheduled = false;

function scheduleIdleSlice(timeoutMs: number): void {
  if (idleScheduled) return;
  idleScheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(runIdleSlice, { timeout: timeoutMs });
  else setTimeout(runIdleSlice, 1);
}

/**
 * Runs queued idle tasks for at most IDLE_SLICE_MS (at least one), then leaves the rest to the
 * next idle period: fifty links warming their pages are many short tasks, not one long one.
 */
function runIdleSlice(): void {
  idleScheduled = false;
  const started = performance.now();
  while (idleTasks.length > 0) {
    idleTasks.shift()?.();
    if (performance.now() - started >= IDLE_SLICE_MS) break;
  }
  if (idleTasks.length > 0) scheduleIdleSlice(1000);
}

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
    idleTasks.push(run);
    scheduleIdleSlice(timeoutMs);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    const queued = idleTasks.indexOf(run);
    if (queued >= 0) idleTasks.splice(queued, 1);
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
