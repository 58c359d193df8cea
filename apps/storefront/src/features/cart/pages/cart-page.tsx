import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useActionData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
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
} from '@otc/sdk';
import {
  Button,
  Container,
  EmptyState,
  LinkButton,
  Notice,
  Skeleton,
  SummaryList,
  type SummaryRow,
} from '@otc/ui';
import { allowanceOf, useCustomer } from '../../../kernel/customer-api';
import { plansApi, useCoveragePlan, usePlanName } from '../../../kernel/coverage-plan';
import { useAllowanceReminder } from '../../../kernel/allowance-reminder';
import { CartReminder } from '../../../components/reminder-strip';
import { useAppDispatch, useShopSdk } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { focusTarget } from '../../../kernel/route-focus';
import { awaitOnServer, holdQuery } from '../../../kernel/prefetch-query';
import { storeOf } from '../../../kernel/route-context';
import { AppLink } from '../../../components/app-link';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { PendingOrderNotice } from '../../../components/pending-order-notice';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText, fieldFailureTexts } from '../../../lib/form-messages';
import type { FormFailure } from '../../../kernel/page-form';
import { localeOfPath } from '../../../lib/locale';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import {
  useApplyPromoCodeMutation,
  useGetCartQuery,
  useRemoveFromCartMutation,
  useRemovePromoCodeMutation,
  useSetCartAmountMutation,
  cartApi,
  type CartView,
} from '../cart-api';
import { CartLineItem } from '../components/cart-line';
import { PromoCodeForm } from '../components/promo-code-form';

function CartSkeleton() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 @5xl:grid-cols-[minmax(0,1fr)_22rem]" aria-hidden="true">
      <div className="flex flex-col gap-4">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * Which issue lines to show above the rows (spec section 8, "cart invalid items"). A guest who
 * chose a plan is told, before signing in, which plan does not cover them and what that means.
 */
function IssuesNotice({ view, guestPlan }: { view: CartView; guestPlan: string | null }) {
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

/** Every cart form of the shop posts to this page's address (cart-action.ts). */
export { cartAction as action } from '../cart-action';

/**
 * The cart is asked for as soon as the page's code is here, not after the app's first render;
 * the server draws the page with it (the visitor's cart cookie or session came with the request).
 */
export function loader(args: LoaderFunctionArgs) {
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const store = storeOf(args);
  // A guest's chosen plan is named on the rows it does not cover: its name comes with the page.
  const plans = store.getState().guestPlan.code
    ? [holdQuery(store.dispatch(plansApi.endpoints.getHealthPlans.initiate()))]
    : [];
  return awaitOnServer([holdQuery(store.dispatch(cartApi.endpoints.getCart.initiate(locale))), ...plans]);
}

/**
 * The cart: a visitor's in local storage, a signed-in customer's the server draft, both read and
 * changed through the cart's RTK Query endpoints (the SDK's cart facade underneath).
 */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { promoCodes } = useShopSdk();
  // Focus brings the cart up to date (another tab may have changed the server draft).
  const { data: view, isLoading, isError, refetch } = useGetCartQuery(locale, {
    refetchOnFocus: true,
  });
  const { data: settings } = useGetSettingsQuery();
  const { customer, signedIn } = useCustomer();
  // A guest's chosen plan: the rows it does not cover are marked with its name (the API marks
  // them by the plan cookie, as a member's draft by the account's plan).
  const coverage = useCoveragePlan();
  const planName = usePlanName(coverage);
  const guestPlan = !signedIn && coverage.source === 'guest' ? planName : null;
  const [setAmount] = useSetCartAmountMutation();
  const [remove] = useRemoveFromCartMutation();
  const [applyPromo, applyState] = useApplyPromoCodeMutation();
  const [removePromo, removePromoState] = useRemovePromoCodeMutation();
  const [promoError, setPromoError] = useState<string | null>(null);
  // A removed line takes the focus with it: once it is gone the focus moves to the next line's
  // name (the one before it when it was the last, the heading when the cart is empty), and the
  // removal is said once through the status line under the heading.
  const [removedText, setRemovedText] = useState('');
  const refusedPost = useActionData<FormFailure>();
  const reminder = useAllowanceReminder(locale);
  const [searchParams] = useSearchParams();
  const refusedName = view?.lines.find((line) => String(line.product.id) === refusedPost?.values.productId)?.product.name;
  const removal = useRef<{ id: number; next: number | null } | null>(null);
  useLayoutEffect(() => {
    const pending = removal.current;
    if (!pending || !view || view.lines.some((line) => line.product.id === pending.id)) return;
    removal.current = null;
    const next =
      pending.next === null ? null : document.querySelector<HTMLElement>(`#main [data-line="${pending.next}"] a`);
    const target = next ?? document.querySelector<HTMLElement>('#main h1');
    if (target) focusTarget(target);
  }, [view]);

  const failed = (error: unknown, name?: string) =>
    notify(dispatch, {
      title: apiErrorText(locale, error as SdkQueryError),
      description: name,
      icon: 'warning',
      color: 'warning',
    });

  const apply = async (code: string) => {
    setPromoError(null);
    const result = await applyPromo({ code, locale });
    if ('error' in result && result.error) {
      const error = result.error as SdkQueryError;
      // The server's reason on the promo field (invalid, not started {date}, expired, used,
      // used up), in the page's language from the SDK catalogue.
      setPromoError(
        fieldFailureTexts(locale, error).promoCode ??
          (error.status === 422 ? errorText('promo_code_invalid', locale) : apiErrorText(locale, error)),
      );
      return false;
    }
    return true;
  };

  // A `?personalcode=` link kept a code on this device; a customer's draft takes it once.
  const linkCodeTried = useRef(false);
  useEffect(() => {
    if (linkCodeTried.current || !view || view.kind !== 'server') return;
    const linkCode = promoCodes.get();
    if (!linkCode) return;
    linkCodeTried.current = true;
    // Off the device before it is sent: the session-mode cart facade puts a code still kept here
    // onto the draft at its next call, which would send this one twice.
    promoCodes.clear();
    if (view.promoCode) return;
    void apply(linkCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  if (isLoading) {
    return (
      <div className="@container">
        <Container className="flex flex-col gap-6 py-8">
          <h1 className="text-3xl font-bold">
            <Trans>Cart</Trans>
          </h1>
          <CartSkeleton />
        </Container>
      </div>
    );
  }

  if (isError || !view) {
    return (
      <div className="@container">
        <Container className="flex flex-col gap-6 py-8">
          <h1 className="text-3xl font-bold">
            <Trans>Cart</Trans>
          </h1>
          <LoadErrorNotice title={<Trans>Your cart could not be loaded.</Trans>} onRetry={() => void refetch()} />
        </Container>
      </div>
    );
  }

  // The items of an order waiting for payment are held there: said above the cart, so a cart
  // is never shown as lost; Back to cart brings them into this one (the focus goes to the
  // heading, the notice and its buttons go away).
  const pending = view.pendingOrder ? (
    <PendingOrderNotice
      order={view.pendingOrder}
      onBack={() => {
        const heading = document.querySelector<HTMLElement>('#main h1');
        if (heading) focusTarget(heading);
      }}
    />
  ) : null;

  // The same element, after the heading, in the loaded and the emptied cart: the last removal is
  // still said when it empties the cart.
  const removedStatus = (
    <>
      <p role="status" className="sr-only">
        {removedText}
      </p>
      {/* A cart form posted without the scripts that the cart refused: drawn by the server. */}
      {refusedPost ? (
        <Notice tone="error" title={apiErrorText(locale, refusedPost.error)}>
          {refusedName}
        </Notice>
      ) : null}
    </>
  );

  // Every state of the page keeps the same heading element (same wrapper), so a change of state
  // (loaded, emptied, the waiting order's items back) never takes the focus away with it.
  if (view.lines.length === 0) {
    return (
      <div className="@container">
        <Container className="flex flex-col gap-6 py-8">
          <h1 className="text-3xl font-bold">
            <Trans>Cart</Trans>
          </h1>
          {removedStatus}
          {/* An empty cart near the period's end: what is left, and the basket it could be. */}
          <CartReminder reminder={reminder} basketAdded={null} />
          {pending ?? (
            <EmptyState
              icon={<ShoppingCart className="size-12" />}
              title={<Trans>Your cart is empty</Trans>}
              description={<Trans>Find health products paid with your benefit card in the catalog.</Trans>}
              action={
                <LinkButton as={AppLink} to="/catalog" size="lg">
                  <Trans>Go to the catalog</Trans>
                </LinkButton>
              }
            />
          )}
        </Container>
      </div>
    );
  }

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
    !applyState.isLoading &&
    !removePromoState.isLoading;
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

  // A size container as wide as the window: the summary goes beside the list once the page is
  // 64rem wide, so larger text keeps one wide column instead of squeezing the product names.
  return (
    <div className="@container">
      <Container className="flex flex-col gap-6 py-8">
        <h1 className="text-3xl font-bold">
          <Trans>Cart</Trans>
        </h1>
        {removedStatus}
        <CartReminder reminder={reminder} basketAdded={searchParams.get('basket')} />
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 @5xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {pending}
            <IssuesNotice view={view} guestPlan={guestPlan} />
            <ul aria-label={t`Items in your cart`} className="flex flex-col">
              {view.lines.map((line) => (
                <CartLineItem
                  key={line.product.id}
                  line={line}
                  notCoveredBy={guestPlan}
                  onAmountChange={async (amount) => {
                    const result = await setAmount({ productId: line.product.id, amount, locale });
                    if ('error' in result && result.error) failed(result.error, line.product.name);
                  }}
                  onRemove={async () => {
                    const ids = view.lines.map((row) => row.product.id);
                    const at = ids.indexOf(line.product.id);
                    removal.current = { id: line.product.id, next: ids[at + 1] ?? ids[at - 1] ?? null };
                    const name = line.product.name;
                    const result = await remove({ productId: line.product.id, locale });
                    if ('error' in result && result.error) {
                      removal.current = null;
                      failed(result.error, name);
                      return;
                    }
                    setRemovedText((said) => {
                      const text = t`${name} was removed from the cart.`;
                      // The same words twice in a row are still said again (a no-break space).
                      return said === text ? `${text}\u00a0` : text;
                    });
                  }}
                />
              ))}
            </ul>
          </div>

          <aside
            aria-label={t`Order summary`}
            className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 @5xl:sticky @5xl:top-4"
          >
            <PromoCodeForm
              applied={view.promoCode}
              error={promoError}
              busy={applyState.isLoading || removePromoState.isLoading}
              onApply={(code) => void apply(code)}
              onRemove={async () => {
                setPromoError(null);
                promoCodes.clear();
                const result = await removePromo({ locale });
                if ('error' in result && result.error) failed(result.error);
              }}
            />
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
        </div>
      </Container>
    </div>
  );
}
