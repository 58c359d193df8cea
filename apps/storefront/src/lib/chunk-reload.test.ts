import { isChunkLoadError, reloadForStaleChunk, withChunkReload, installPreloadErrorHandler } from './chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('stale chunk reload guard', () => {
  it('reloads at most once per 10 s per path', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadForStaleChunk({ path: '/catalog', storage, now: t0, reload })).toBe(true);
    expect(reloadForStaleChunk({ path: '/catalog', storage, now: t0 + 9_999, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForStaleChunk({ path: '/cart', storage, now: t0 + 9_999, reload })).toBe(true);
    expect(reloadForStaleChunk({ path: '/catalog', storage, now: t0 + 10_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('recognizes dynamic import failures only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('a failed route import reloads the page (once) instead of failing', async () => {
    const reload = vi.fn();
    const stale = withChunkReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), {
      reload,
    });
    const pending = stale();
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Within 10 s on the same path the error goes through to the error page.
    await expect(stale()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('other import errors are not swallowed', async () => {
    const broken = withChunkReload(() => Promise.reject(new Error('boom')));
    await expect(broken()).rejects.toThrow('boom');
  });

  it('vite:preloadError reloads once and prevents the default', () => {
    const reload = vi.fn();
    const uninstall = installPreloadErrorHandler(window, { reload });
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });
});
