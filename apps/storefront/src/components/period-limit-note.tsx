import { Trans } from '@lingui/react/macro';
import type { PeriodLimitView } from '@otc/sdk';

/**
 * The plan's per-period limit of an item, told up front (issue 31): "You can order 4 more this
 * quarter" on the item page and the cart line, or that the period's units are all taken. The
 * figures are the API's (the SDK's `periodUnitsLeft`): what the member's orders of the period and
 * the cart already hold is counted, so "none left" says both (not "ordered": they may be in the
 * cart). Nothing when the plan sets no limit.
 */
export function PeriodLimitNote({ limit, className }: { limit: PeriodLimitView | null | undefined; className?: string }) {
  if (!limit) return null;
  const left = limit.left;
  const max = limit.limit;
  let text;
  if (limit.period === 'month') {
    text =
      left > 0 ? (
        <Trans>You can order {left} more this month</Trans>
      ) : (
        <Trans>Your plan allows {max} of this item a month: they are all in your cart or your orders.</Trans>
      );
  } else {
    text =
      left > 0 ? (
        <Trans>You can order {left} more this quarter</Trans>
      ) : (
        <Trans>Your plan allows {max} of this item a quarter: they are all in your cart or your orders.</Trans>
      );
  }
  return (
    <p data-period-limit={left} className={className ?? 'text-sm font-semibold'}>
      {text}
    </p>
  );
}
