import { Trans } from '@lingui/react/macro';
import { Notice } from '@otc/ui';
import { apiErrorText, fieldFailureTexts } from '../../../lib/form-messages';
import type { SdkQueryError } from '../../../lib/api';
import { useLocale } from '../../../lib/use-locale';
import type { BuyAgainDone } from '../cart-action';

/** Why the cart refused a row: its amount's reason (a stock, a limit), else the call's. */
function refusalText(locale: ReturnType<typeof useLocale>, error: SdkQueryError): string {
  return fieldFailureTexts(locale, error).amount ?? apiErrorText(locale, error);
}

/**
 * What a "Buy again" sent without the scripts did when the cart refused a row: drawn in the cart
 * (where what went in is shown), each refused item with the catalogue's reason in the page's
 * language (out of stock, a limit). With the scripts a notification says it where it was pressed.
 */
export function BuyAgainNotice({ done }: { done: BuyAgainDone }) {
  const locale = useLocale();
  const number = done.number;
  return (
    <Notice
      tone="warning"
      title={
        done.added > 0 ? (
          <Trans>Items of order {number} are in your cart</Trans>
        ) : (
          <Trans>These items could not be added to your cart</Trans>
        )
      }
    >
      {done.added > 0 ? (
        <p>
          <Trans>These could not be added:</Trans>
        </p>
      ) : null}
      <ul className="list-disc ps-5">
        {done.refused.map((row) => (
          <li key={row.productId}>
            <strong>{row.name}</strong>: {refusalText(locale, row.error)}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
