import { Trans } from '@lingui/react/macro';
import { formatPrice, toCents, type Totals } from '@otc/sdk';
import { Badge, SummaryList, type SummaryRow } from '@otc/ui';
import { AppLink } from './app-link';

/**
 * The flag of a cart or order row with a bad reason code, in words (1 out of stock, 2 not
 * supported by the plan, with the eligibility link, 3 not available); nothing for a good row.
 */
export function LineFlags({ code }: { code: number | null }) {
  if (code !== 1 && code !== 2 && code !== 3) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {code === 1 ? (
        <Badge tone="warning">
          <Trans>Out of stock</Trans>
        </Badge>
      ) : code === 2 ? (
        <Badge tone="danger">
          <Trans>Not supported by your Health Plan</Trans>
        </Badge>
      ) : (
        <Badge tone="danger">
          <Trans>Not available</Trans>
        </Badge>
      )}
      {code === 2 ? (
        <AppLink
          to="/docs/items-eligibility"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-primary underline underline-offset-4"
        >
          <Trans>why are some items not eligible</Trans>
        </AppLink>
      ) : null}
    </div>
  );
}

/** Subtotal, promo discount (when there is one), shipping, tax and total of a checkout or a placed order. */
export function BillingSummary({ totals, promoCode }: { totals: Totals; promoCode: string | null | undefined }) {
  const code = promoCode ?? '';
  const rows: SummaryRow[] = [{ id: 'subtotal', label: <Trans>Subtotal</Trans>, value: formatPrice(totals.subtotal) }];
  if (toCents(totals.discount) > 0) {
    rows.push({ id: 'discount', label: <Trans>Promo code {code}</Trans>, value: `−${formatPrice(totals.discount)}` });
  }
  rows.push(
    { id: 'shipping', label: <Trans>Shipping</Trans>, value: formatPrice(totals.shipping) },
    { id: 'tax', label: <Trans>Tax</Trans>, value: formatPrice(totals.tax) },
    { id: 'total', label: <Trans>Total</Trans>, value: formatPrice(totals.total), emphasis: true },
  );
  return <SummaryList rows={rows} />;
}
