import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@otc/ui';

/** Shown while the first route loaders run (catalog, guards, page module). */
export function RouteFallback() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh items-center justify-center text-primary">
      <Spinner size="lg" label={t`Loading`} />
    </div>
  );
}
