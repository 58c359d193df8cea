import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { env } from '../../env';
import { useAppDispatch } from '../../kernel/hooks';
import { useVersionCheck } from './use-version-check';
import { notify } from '../../kernel/notify';

/** When a newer build is out, a notification (kept until closed) offers to reload. */
export function useAppUpdateNotice({ enabled = env.production, fetcher }: { enabled?: boolean; fetcher?: typeof fetch } = {}) {
  const dispatch = useAppDispatch();
  const { t } = useLingui();
  const onNewVersion = useCallback(() => {
    notify(dispatch, {
      id: 'app-update',
      title: t`A new version of the shop is available`,
      description: t`Reload the page to get the latest version.`,
      icon: 'update',
      timeout: 0,
      actions: [{ label: t`Reload`, onClick: () => window.location.reload() }],
    });
  }, [dispatch, t]);
  useVersionCheck({ intervalMs: env.versionPollMs, enabled, fetcher, onNewVersion });
}
