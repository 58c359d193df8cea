import { CHUNK_RELOAD_GUARD_MS } from '@otc/sdk';

const KEY_PREFIX = 'chunk-reload:';

/** Whether an error is a script chunk that could not be loaded (usually: a newer build replaced it). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

interface ReloadOptions {
  path?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: number;
  reload?: () => void;
}

/**
 * Reloads the page after a stale chunk, at most once per 10 s per path (sessionStorage guard).
 * Returns whether it reloaded; when it did not, the caller lets the error reach the error page.
 */
export function reloadForStaleChunk({
  path = location.pathname,
  storage = sessionStorage,
  now = Date.now(),
  reload = () => location.reload(),
}: ReloadOptions = {}): boolean {
  const key = `${KEY_PREFIX}${path}`;
  let last: string | null;
  try {
    last = storage.getItem(key);
  } catch {
    return false;
  }
  if (last !== null && now - Number(last) < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Wraps a dynamic import: a stale chunk reloads the page (guarded) instead of failing. */
export function withChunkReload<T>(load: () => Promise<T>, options: ReloadOptions = {}): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadForStaleChunk(options)) {
        // The page is reloading; keep the navigation pending until it does.
        return new Promise<T>(() => {});
      }
      throw error;
    }
  };
}

/** Vite fires `vite:preloadError` when a preloaded dependency fails; reload once instead. */
export function installPreloadErrorHandler(target: Window = window, options: ReloadOptions = {}): () => void {
  const handler = (event: Event) => {
    if (reloadForStaleChunk(options)) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', handler);
  return () => target.removeEventListener('vite:preloadError', handler);
}
