import { Trans } from '@lingui/react/macro';
import { Container, Notice } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { RetryButton } from '../../../components/load-error-notice';

/**
 * An order that could not be shown, the same on /order/{id} and /success/{id}: one that is not
 * the customer's or does not exist (404) is "not found" with a way to My orders; any other
 * failure can be tried again. Nobody is thanked for an order that is not theirs.
 */
export function OrderNotLoaded({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  return (
    <Container className="flex flex-col gap-6 py-8">
      <h1 className="text-3xl font-bold">
        <Trans>Order details</Trans>
      </h1>
      <Notice
        tone="error"
        title={missing ? <Trans>We could not find this order.</Trans> : <Trans>This order could not be loaded.</Trans>}
        action={
          missing ? (
            <AppLink to="/account/orders" className="font-semibold text-primary underline underline-offset-4">
              <Trans>My orders</Trans>
            </AppLink>
          ) : (
            <RetryButton onRetry={onRetry} />
          )
        }
      />
    </Container>
  );
}

/** Whether a failed order read was a 404 (another customer's order, or none). */
export function isMissing(error: unknown): boolean {
  return (error as { status?: number } | undefined)?.status === 404;
}
