import { useEffect, useRef } from 'react';

/** Reads the newest build id from `version.json` (written by the build). */
export async function fetchLatestVersion(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const version = (body as { version?: unknown }).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/**
 * Polls `version.json` every `intervalMs` and whenever the window regains focus or becomes
 * visible; calls `onNewVersion` once per newer build id (the caller offers a reload).
 */
export function useVersionCheck({
  current = __APP_VERSION__,
  intervalMs,
  enabled,
  fetcher,
  onNewVersion,
}: {
  current?: string;
  intervalMs: number;
  enabled: boolean;
  fetcher?: typeof fetch;
  onNewVersion: (version: string) => void;
}) {
  const announced = useRef<string | null>(null);
  const callback = useRef(onNewVersion);
  useEffect(() => {
    callback.current = onNewVersion;
  }, [onNewVersion]);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const check = async () => {
      const latest = await fetchLatestVersion(fetcher);
      if (stopped || !latest || latest === current || latest === announced.current) return;
      announced.current = latest;
      callback.current(latest);
    };
    const timer = setInterval(check, intervalMs);
    const onFocus = () => void check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, intervalMs, current, fetcher]);
}
