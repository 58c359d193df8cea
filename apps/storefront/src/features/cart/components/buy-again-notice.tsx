import { useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { Trans } from '@lingui/react/macro';
import { Notice } from '@otc/ui';
import { problemText } from '../../../lib/form-messages';
import { useLocale } from '../../../lib/use-locale';
import { refusedInAddress } from '../buy-again-note';
import { useGetReorderedOrderQuery } from '../cart-api';

/**
 * What a "Buy again" sent without the scripts did when the cart refused a row: drawn in the cart
 * it led to (`?reordered=<order id>&refused=…`, buy-again-note.ts), where what went in is shown,
 * each refused item named by the order with the catalogue's reason in the page's language (out of
 * stock, a limit). The address holds it, so a reload says it again and posts nothing. With the
 * scripts a notification says it where it was pressed.
 */
export function BuyAgainNotice() {
  const locale = useLocale();
  const [search] = useSearchParams();
  const carried = refusedInAddress(search);
  const { data: order } = useGetReorderedOrderQuery(carried ? { orderId: carried.orderId, locale } : skipToken);
  if (!carried || !order) return null;
  const names = new Map(order.rows.map((row) => [row.productId, row.name]));
  const refused = carried.refused.filter((row) => names.has(row.productId));
  if (refused.length === 0) return null;
  const number = order.number;
  const added = order.rows.length - refused.length;
  return (
    <Notice
      tone="warning"
      title={
        added > 0 ? (
          <Trans>Items of order {number} are in your cart</Trans>
        ) : (
          <Trans>These items could not be added to your cart</Trans>
        )
      }
    >
      {added > 0 ? (
        <p>
          <Trans>These could not be added:</Trans>
        </p>
      ) : null}
      <ul className="list-disc ps-5">
        {refused.map((row) => (
          <li key={row.productId}>
            <strong>{names.get(row.productId)}</strong>: {problemText(locale, row.failure)}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
