// The cart's order summary, the aside beside its rows: the promo code form (the page hands it
// in), the totals (the server's once it confirmed the cart, the SDK's estimate meanwhile), the
// allowance left, the minimum order, and checkout or signing in. Moved out of cart-page.tsx as it
// stood there; the page keeps the state and the calls, and hands down what the summary reads.
import type { ReactNode } from 'react';
import type { NavigateFunction } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_MINIMUM_ORDER,
  cartIssues,
  checkMinimumOrder,
  errorText,
  estimateTotals,
  formatPrice,
  fromCents,
  promoPercentsFrom,
  toCents,
  type Customer,
} from '@otc/sdk';
import { Button, LinkButton, Notice, SummaryList, type SummaryRow } from '@otc/ui';
import { allowanceOf } from '../../../kernel/customer-api';
import type { Settings } from '../../../kernel/settings-api';
import { AppLink } from '../../../components/app-link';
import type { Locale } from '../../../lib/locale';
import type { CartView } from '../cart-api';

/** The summary of a cart with rows: what it costs, and the way on to checkout. */
export function CartSummary({
  view,
  settings,
  customer,
  signedIn,
  locale,
  localize,
  navigate,
  applyingPromo,
  removingPromo,
  promoForm,
}: {
  view: CartView;
  settings: Settings | undefined;
  customer: Customer | undefined;
  signedIn: boolean;
  locale: Locale;
  localize: (path: string) => string;
  navigate: NavigateFunction;
  /** A promo code being applied or removed: the totals shown are the estimate until it is done. */
  applyingPromo: boolean;
  removingPromo: boolean;
  /** The promo code form, at the top of the summary. */
  promoForm: ReactNode;
}) {
  const { t } = useLingui();

  // Totals count only the rows that can be ordered, as the server's do: the server's numbers
  // for a customer's draft, the SDK's estimate of those rows for a guest (or while a change is
  // on its way).
  const orderable = view.lines.filter((line) => line.badReasonCode === null);
  const units = orderable.reduce((sum, line) => sum + line.amount, 0);
  const estimate = estimateTotals(
    orderable.map((line) => ({ product: { price: line.product.price }, amount: line.amount })),
    view.promoCode,
    { promoPercents: promoPercentsFrom(settings?.promotions) },
  );
  // The server's totals once it confirmed this cart; the estimate while a change is on its way.
  const confirmed =
    view.totals !== null &&
    view.totals.subtotal === estimate.subtotal &&
    !applyingPromo &&
    !removingPromo;
  const discount = confirmed && view.totals ? view.totals.discount : estimate.discount;
  const total = confirmed && view.totals ? view.totals.total : estimate.total;
  const minimum = checkMinimumOrder(estimate.subtotal, settings?.minimumOrder ?? DEFAULT_MINIMUM_ORDER);
  const issues = cartIssues(
    view.lines.map((line) => ({ sku: { id: line.product.id }, badReasonCode: line.badReasonCode })),
  );
  const allowance = allowanceOf(customer, locale);
  // The allowance on the member's active benefit card (without one, what pays is chosen at checkout).
  const allowanceCents = allowance?.card ? toCents(allowance.card.balance) : null;
  const endsOn = allowance?.endsOn ?? null;
  const left = allowanceCents === null ? null : allowanceCents - toCents(total);

  const rows: SummaryRow[] = [
    {
      id: 'subtotal',
      // Beside rows that cannot be ordered, the count says it is of the others.
      label:
        orderable.length < view.lines.length ? (
          <Trans>Items you can order ({units})</Trans>
        ) : (
          <Trans>Items ({units})</Trans>
        ),
      value: formatPrice(estimate.subtotal),
    },
  ];
  if (view.promoCode && toCents(discount) > 0) {
    const code = view.promoCode;
    rows.push({
      id: 'discount',
      label: <Trans>Promo code {code}</Trans>,
      value: `−${formatPrice(discount)}`,
    });
  }
  rows.push({
    id: 'shipping',
    label: <Trans>Shipping and tax</Trans>,
    value:
      confirmed && view.totals
        ? formatPrice(fromCents(toCents(view.totals.shipping) + toCents(view.totals.tax)))
        : t`At checkout`,
  });
  rows.push({
    id: 'total',
    label: <Trans>Estimated total</Trans>,
    value: formatPrice(total),
    emphasis: true,
  });
  if (left !== null) {
    rows.push({
      id: 'allowance',
      label: <Trans>Allowance left after this order</Trans>,
      value: formatPrice(fromCents(Math.max(0, left))),
      hint:
        left < 0 ? (
          <Trans>Your allowance does not cover this order.</Trans>
        ) : endsOn ? (
          <Trans>Your allowance period ends on {endsOn}.</Trans>
        ) : undefined,
    });
  }

  const minimumText = errorText('minimum_order', locale, { qty: formatPrice(minimum.minimum) });
  const missing = formatPrice(minimum.missing);
  const blocked = issues.blocked || !minimum.ok;
  // After signing in the visitor comes back to this cart, in this language.
  const backToCart = new URLSearchParams({ redirect: localize('/cart') }).toString();

  return (
    <aside
      aria-label={t`Order summary`}
      className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 @5xl:sticky @5xl:top-4"
    >
      {promoForm}
      <section className="flex flex-col gap-3" aria-label={t`Estimated totals`}>
        <SummaryList rows={rows} />
      </section>

      {/* One thing to fix at a time: rows that cannot be ordered go first (their notice
          is above the list); the minimum is told once the rest can be ordered. */}
      {!minimum.ok && !issues.blocked ? (
        <Notice id="cart-minimum-order" tone="warning" title={minimumText}>
          <Trans>Add {missing} more to place the order.</Trans>{' '}
          <AppLink to="/catalog" className="font-semibold text-primary underline underline-offset-4">
            <Trans>Continue shopping</Trans>
          </AppLink>
        </Notice>
      ) : null}

      {signedIn ? (
        <div className="flex flex-col gap-2">
          {/* A form to the checkout's address, so the button leads there without the scripts too. */}
          <form method="get" action={localize(`/checkout/${view.orderId ?? ''}`)} className="contents">
            <Button
              type="submit"
              size="lg"
              fullWidth
              disabled={blocked || view.orderId === null}
              // Why it is disabled: the items' issues, or the minimum order's notice above
              // (said once on the page, not again under the button).
              aria-describedby={
                issues.blocked ? 'cart-blocked-reason' : !minimum.ok ? 'cart-minimum-order' : undefined
              }
              onClick={(event) => {
                event.preventDefault();
                navigate(localize(`/checkout/${view.orderId}`));
              }}
            >
              <Trans>Checkout</Trans>
            </Button>
          </form>
          {issues.blocked ? (
            <p id="cart-blocked-reason" className="text-sm font-semibold text-danger">
              {errorText('order_has_issues', locale)}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="font-semibold">
            <Trans>Sign in or create an account to check out. Your cart comes with you.</Trans>
          </p>
          <LinkButton as={AppLink} to={`/login?${backToCart}`} size="lg" fullWidth>
            <Trans>Sign in to check out</Trans>
          </LinkButton>
          <LinkButton as={AppLink} to={`/sign-up?${backToCart}`} variant="secondary" fullWidth>
            <Trans>Create an account</Trans>
          </LinkButton>
        </div>
      )}
    </aside>
  );
}
