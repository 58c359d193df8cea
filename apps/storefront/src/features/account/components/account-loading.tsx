import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Skeleton } from '@otc/ui';

/** While the customer's data loads, or when it could not be (with a retry). */
export function AccountLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useLingui();
  if (failed) {
    return (
      <EmptyState
        title={<Trans>Your account could not be loaded.</Trans>}
        action={<Button onClick={onRetry}>{t`Try again`}</Button>}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only" role="status">
        <Trans>Loading…</Trans>
      </p>
      <Skeleton className="h-40 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  );
}
