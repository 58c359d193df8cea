import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button, Notice } from '@otc/ui';

/** "Try again" for something that could not be loaded. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <Button variant="secondary" onClick={onRetry}>
      <Trans>Try again</Trans>
    </Button>
  );
}

/** What could not be loaded (the title) with a "Try again" button that asks for it again. */
export function LoadErrorNotice({ title, onRetry }: { title: ReactNode; onRetry: () => void }) {
  return <Notice tone="error" title={title} action={<RetryButton onRetry={onRetry} />} />;
}
