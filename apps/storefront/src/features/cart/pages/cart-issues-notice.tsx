// The notice above the cart's rows naming why some cannot be ordered (out of stock, not covered by
// the plan, not available). Moved out of cart-page.tsx as it stood there: a piece the page draws.
import { Trans } from '@lingui/react/macro';
import { cartIssues } from '@otc/sdk';
import { Notice } from '@otc/ui';
import type { CartView } from '../cart-api';

/**
 * Which issue lines to show above the rows (spec section 8, "cart invalid items"). A guest who
 * chose a plan is told, before signing in, which plan does not cover them and what that means.
 */
export function IssuesNotice({ view, guestPlan }: { view: CartView; guestPlan: string | null }) {
  const issues = cartIssues(
    view.lines.map((line) => ({ sku: { id: line.product.id }, badReasonCode: line.badReasonCode })),
  );
  if (!issues.blocked) return null;
  return (
    <Notice tone="error" title={<Trans>Some items cannot be ordered</Trans>}>
      <ul className="list-disc pl-5">
        {issues.outOfStock ? (
          <li>
            <Trans>Some items are out of stock</Trans>
          </li>
        ) : null}
        {issues.notSupportedByPlan ? (
          <li>
            {guestPlan ? (
              <Trans>
                Some items are not covered by {guestPlan}: they cannot be paid with a {guestPlan} benefit card.
              </Trans>
            ) : (
              <Trans>Some items are not supported by your Health Plan</Trans>
            )}
          </li>
        ) : null}
        {issues.notAvailable ? (
          <li>
            <Trans>Some items are not available to order</Trans>
          </li>
        ) : null}
      </ul>
      <p className="mt-1 font-semibold">
        <Trans>Please remove them to be able to place the order.</Trans>
      </p>
    </Notice>
  );
}
