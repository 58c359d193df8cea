import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../ui/notify';

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
 * Polls for a new build every `intervalMs` and when the window regains focus; once one is out,
 * a notification offers to reload.
 */
export function useVersionCheck({
  current = __APP_VERSION__,
  intervalMs,
  enabled,
  fetcher,
}: {
  current?: string;
  intervalMs: number;
  enabled: boolean;
  fetcher?: typeof fetch;
}) {
  const dispatch = useAppDispatch();
  const { t } = useLingui();
  const notified = useRef(false);
  const texts = useRef({ title: '', description: '', reload: '' });
  texts.current = {
    title: t`A new version of the shop is available`,
    description: t`Reload the page to get the latest version.`,
    reload: t`Reload`,
  };

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const check = async () => {
      if (notified.current) return;
      const latest = await fetchLatestVersion(fetcher);
      if (stopped || !latest || latest === current || notified.current) return;
      notified.current = true;
      notify(dispatch, {
        id: 'app-update',
        title: texts.current.title,
        description: texts.current.description,
        icon: 'update',
        timeout: 0,
        actions: [{ label: texts.current.reload, onClick: () => window.location.reload() }],
        callback: () => {
          // Dismissed: ask again at the next check.
          notified.current = false;
        },
      });
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
  }, [enabled, intervalMs, current, dispatch, fetcher]);
}
