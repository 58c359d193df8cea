import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  allowedCheckoutStep,
  checkoutGate,
  errorText,
  formatPrice,
  type CheckoutStep,
  type OrderDetail,
  type OrderDraft,
} from '@otc/sdk';
import { Badge, Button, Container, LineItem, LinkButton, Notice, Skeleton, Stepper } from '@otc/ui';
import { useCustomer } from '../../../app/customer-api';
import { useGetCartQuery } from '../../../app/draft-api';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { focusTarget } from '../../../app/route-focus';
import { prefetchInStore } from '../../../app/prefetch-query';
import { useGetSettingsQuery } from '../../../app/settings-api';
import { AppLink } from '../../../components/app-link';
import { CancelConsequence, CancelOrderButton } from '../../../components/cancel-order-button';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { BillingSummary, LineFlags } from '../../../components/order-lines';
import { PendingOrderNotice } from '../../../components/pending-order-notice';
import { useBackToCart } from '../../../components/use-back-to-cart';
import type { SdkQueryError } from '../../../lib/api';
import { failureLines } from '../../../lib/form-messages';
import { untilText } from '../../../lib/hold-time';
import { productImageUrl } from '../../../lib/product-links';
import { localeOfPath } from '../../../lib/locale';
import { onServer } from '../../../lib/on-server';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import { checkoutApi, useOpenCheckoutQuery, usePayOrderMutation, usePlaceOrderMutation } from '../checkout-api';
import { DeliveryChooser, formatAddress } from '../components/delivery-chooser';
import { PaymentStep, type PaymentChoice, type PaymentFailure } from '../components/payment-step';

const linkClass = 'font-semibold text-primary underline underline-offset-4';

function ProductsReview({ draft }: { draft: OrderDraft }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Products in your order`} className="flex flex-col">
      {draft.rows.map((row) => {
        const amount = row.amount;
        return (
          <LineItem
            key={row.sku.id}
            size="sm"
            imageSrc={productImageUrl(row.sku.mainImage)}
            title={row.sku.name}
          >
            <p className="text-sm text-muted">
              <Trans>Quantity: {amount}</Trans>
            </p>
            <p className="font-bold tabular-nums">{formatPrice(row.price)}</p>
            <LineFlags code={row.badReasonCode} />
          </LineItem>
        );
      })}
    </ul>
  );
}

/** The rows of an order waiting for payment; rows the server refused at pay are marked. */
function OrderRows({ order, refused }: { order: OrderDetail; refused: readonly number[] }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Products in your order`} className="flex flex-col">
      {order.products.map((product, index) => {
        const qty = product.qty;
        return (
          <LineItem
            key={product.sku_id}
            size="sm"
            imageSrc={productImageUrl(product.image)}
            title={product.name}
          >
            <p className="text-sm text-muted">
              <Trans>Quantity: {qty}</Trans>
            </p>
            <p className="font-bold tabular-nums">{formatPrice(product.price)}</p>
            {refused.includes(index) ? (
              <div>
                <Badge tone="danger">
                  <Trans>Cannot be ordered now</Trans>
                </Badge>
              </div>
            ) : null}
          </LineItem>
        );
      })}
    </ul>
  );
}

/** "Pay for order 100041": the unpaid order's heading, and the link to another waiting order. */
function PayForOrder({ number }: { number: string }) {
  return <Trans>Pay for order {number}</Trans>;
}

/** The page's failure: what the notice shows, and what the shopper can do about it. */
interface Failure extends PaymentFailure {
  /** `order_has_issues` at pay: the indexes of the rows the server refused. */
  refusedRows?: number[];
  /** `unpaid_order_exists`: another order waits; the notice offers to pay for it or cancel it. */
  otherOrderWaits?: boolean;
  /** `order_payment_time_over`: the items are back in the cart. */
  timeOver?: boolean;
}

/**
 * The checkout is opened as soon as the page's code is here, not after the app's first render
 * (the browser draws this page, signed in: on the server nothing of a customer is asked).
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  if (onServer) return null;
  const locale = localeOfPath(new URL(request.url).pathname);
  const id = Number(params.id);
  prefetchInStore((store) => store.dispatch(checkoutApi.endpoints.openCheckout.initiate({ id, locale }))).catch(() => {});
  return null;
}

/**
 * `/checkout/{id}`, opened with the checkout facade's `open(id)`:
 * - the open draft: three steps, 1 products, 2 delivery information, 3 payment information;
 *   placing it places the draft, then pays the placed order;
 * - an order waiting for payment: its payment step again ("Pay now"), its rows, total, address
 *   and the time its hold ends, and Back to cart;
 * - a closed order: its order page; any other id: the open draft.
 * The order's life is the server's: nothing is undone when the page is left.
 */
export function Component() {
  // Another order's address is another page (its own failure, its own form).
  return <CheckoutPage key={useParams().id} />;
}

function CheckoutPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = useOpenCheckoutQuery({ id, locale });
  const kind = opened.data?.kind;
  // The open draft is the cart's one cache entry (the facade's `open` wrote it there).
  const cartQuery = useGetCartQuery(locale, { skip: kind !== 'draft' });
  const openDraft = cartQuery.data?.draft ?? null;
  const draft =
    opened.data?.kind === 'draft' && openDraft?.id === opened.data.draftId ? openDraft : null;
  const order = opened.data?.kind === 'unpaid' ? opened.data.order : null;
  const { data: settings } = useGetSettingsQuery();
  const { customer } = useCustomer();
  const [place] = usePlaceOrderMutation();
  const [pay] = usePayOrderMutation();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  // Where to go instead: a closed order's page, or the open draft for any other id.
  useEffect(() => {
    const data = opened.data;
    if (data?.kind === 'closed') navigate(localize(`/order/${data.orderId}`), { replace: true });
    if (data?.kind === 'elsewhere')
      navigate(localize(`/checkout/${data.draftId}`), { replace: true });
  }, [opened.data, navigate, localize]);

  const gate = draft ? checkoutGate(draft, settings, customer) : null;
  const step: CheckoutStep = order
    ? 'payment'
    : gate
      ? allowedCheckoutStep(searchParams.get('step'), gate)
      : 'products';

  // A step change keeps the address path, so the layout does not move the focus: the step's
  // heading takes it (the button pressed is gone), not on the first drawing of the page.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const heading = document.getElementById('checkout-step-heading');
    if (heading) focusTarget(heading);
  }, [step]);

  const goTo = (next: CheckoutStep) => {
    setFailure(null);
    setSearchParams(next === 'products' ? {} : { step: next });
    window.scrollTo?.({ top: 0 });
  };

  const fieldName = (field: string): string => {
    const names: Record<string, string> = {
      card: t`Card number`,
      'input.card': t`Card number`,
      code: t`Payment method`,
      'input.code': t`Security code`,
      deliveryAddress: t`Delivery address`,
      promoCode: t`Promo code`,
      total: t`Total`,
      rows: t`Products`,
      status: t`Order`,
    };
    return names[field] ?? field;
  };

  const stepHeading = () => {
    const heading = document.getElementById('checkout-step-heading');
    if (heading) focusTarget(heading);
  };

  /** Says why once (a notification, as the spec asks) and keeps it beside the button. */
  const fail = (error: SdkQueryError, stage: 'place' | 'pay') => {
    // A refused payment comes after the order was placed: it is not lost, only unpaid, so the
    // title says the payment was not accepted (the spec's "Error placing order" is for placing).
    // When the order itself stopped the payment (it changed, its time is over), no payment was
    // tried: the title says the order could not be paid.
    const orderSide = ['order_has_issues', 'order_payment_time_over', 'minimum_order', 'order_not_waiting_for_payment'];
    const title =
      stage === 'place'
        ? t`Error placing order`
        : orderSide.includes(error.code ?? '')
          ? t`Your order could not be paid`
          : t`Your payment was not accepted`;
    const lines = failureLines(locale, error, fieldName);
    // The API gives one answer for a wrong number, a wrong code and a refused card (so it
    // tells nobody which cards exist): say what the shopper can do about each.
    const cardRefused =
      error.code === 'card_number_or_code_is_not_correct' ||
      Object.values(error.fieldCodes ?? {}).some(
        (issue) => issue?.code === 'card_number_or_code_is_not_correct',
      );
    const next: Failure = { title, lines, cardRefused };
    if (cardRefused) {
      next.advice = t`Check the card number and the security code. If both are right, the card was not accepted: choose another way to pay, or call the number on the back of your card.`;
    } else if (error.code === 'unpaid_order_exists') {
      next.otherOrderWaits = true;
    } else if (error.code === 'order_has_issues' && order) {
      const refused = error.rowIndexes?.rows ?? [];
      next.refusedRows = refused;
      for (const index of refused) {
        const name = order.products[index]?.name;
        if (name) next.lines.push(t`Cannot be ordered now: ${name}`);
      }
      next.advice = t`Something changed since you placed the order. Bring its items back to your cart to see what and change it.`;
    } else if (error.code === 'order_payment_time_over') {
      next.timeOver = true;
      next.lines = [errorText('order_payment_time_over', locale)];
    }
    setFailure(next);
    notify(dispatch, { title, description: next.lines.join('\n'), icon: 'error', color: 'danger' });
  };

  const submitPayment = async (choice: PaymentChoice) => {
    if (busyRef.current || (!draft && !order)) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      let orderId: number;
      if (order) {
        orderId = order.id;
      } else {
        const placed = await place({ orderId: draft!.id, locale });
        if ('error' in placed && placed.error) {
          fail(placed.error as SdkQueryError, 'place');
          return;
        }
        orderId = placed.data!.id;
        // The placed order's own address: a reload shows its payment step again.
        navigate(localize(`/checkout/${orderId}?step=payment`), { replace: true });
      }
      const paid = await pay({ orderId, code: choice.code, input: choice.input, locale });
      if ('error' in paid && paid.error) {
        fail(paid.error as SdkQueryError, 'pay');
        return;
      }
      navigate(localize(`/success/${orderId}`), { replace: true });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const { back: bringBackToCart, isLoading: bringingBack } = useBackToCart();
  const backToCartNow = async (orderId: number) => {
    if (await bringBackToCart(orderId)) navigate(localize('/cart'));
  };

  const heading = (
    <h1 className="text-3xl font-bold">
      <Trans>Checkout</Trans>
    </h1>
  );

  const loading =
    opened.isLoading ||
    kind === 'closed' ||
    kind === 'elsewhere' ||
    (kind === 'draft' && !draft && !cartQuery.isError);
  if (loading) {
    return (
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full" />
      </Container>
    );
  }

  if (opened.isError || cartQuery.isError || (!draft && !order)) {
    return (
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        <LoadErrorNotice
          title={<Trans>Your order could not be loaded.</Trans>}
          onRetry={() => {
            void opened.refetch();
            if (kind === 'draft') void cartQuery.refetch();
          }}
        />
      </Container>
    );
  }

  if (draft && draft.rows.length === 0) {
    return (
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        {draft.pendingOrder ? (
          <PendingOrderNotice
            order={draft.pendingOrder}
            onBack={() => navigate(localize('/cart'))}
          />
        ) : (
          <Notice tone="info" title={<Trans>Your cart is empty</Trans>}>
            <AppLink to="/catalog" className={linkClass}>
              <Trans>Go to the catalog</Trans>
            </AppLink>
          </Notice>
        )}
      </Container>
    );
  }

  const steps = [
    { id: 'products', label: t`Products` },
    { id: 'delivery', label: t`Delivery information`, shortLabel: t`Delivery` },
    { id: 'payment', label: t`Payment information`, shortLabel: t`Payment` },
  ];
  const totals = order ? order.billing : draft!.totals;
  const promoCode = order ? order.promoCode : draft!.promoCode;
  const address = order ? order.deliveryAddress : draft!.deliveryAddress;
  const deliveryTo = address ? formatAddress(address) : '';
  const number = order?.number ?? '';
  const until = order?.payableUntil ? untilText(order.payableUntil, locale) : '';
  const minimumText = gate
    ? errorText('minimum_order', locale, { qty: formatPrice(gate.minimumOrder) })
    : '';
  const waiting = draft?.pendingOrder ?? null;

  // What the shopper can do about the failure, beside it.
  let failureActions = null;
  if (failure?.otherOrderWaits && waiting) {
    const other = waiting.number;
    failureActions = (
      <>
        <LinkButton as={AppLink} to={`/checkout/${waiting.id}?step=payment`}>
          <PayForOrder number={other} />
        </LinkButton>
        <CancelOrderButton
          orderId={waiting.id}
          number={other}
          consequence={<CancelConsequence paid={null} />}
          onCancelled={() => {
            // Placing may be tried again.
            setFailure(null);
            stepHeading();
          }}
        />
      </>
    );
  } else if (failure?.refusedRows && order) {
    failureActions = (
      <Button
        variant="secondary"
        loading={bringingBack}
        onClick={() => void backToCartNow(order.id)}
      >
        <Trans>Back to cart</Trans>
      </Button>
    );
  } else if (failure?.timeOver) {
    failureActions = (
      <AppLink to="/cart" className={linkClass}>
        <Trans>Go to your cart</Trans>
      </AppLink>
    );
  }

  // A size container as wide as the window: the summary goes beside the steps once the page is
  // 64rem wide, so larger text keeps one wide column instead of squeezing the product names.
  // The payment step keeps its place in the tree whether it pays the draft or a placed order, so
  // placing then paying (or a decline) never redraws the form the shopper typed in.
  return (
    <div className="@container">
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        {order ? null : (
          <Stepper
            label={t`Checkout steps`}
            steps={steps}
            current={step}
            completedLabel={t`completed`}
            onStepSelect={(next) => goTo(next as CheckoutStep)}
          />
        )}
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 @5xl:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="checkout-step-heading" className="flex min-w-0 flex-col gap-5">
            {step === 'products' && draft && gate ? (
              <>
                <h2 id="checkout-step-heading" className="text-2xl font-bold">
                  <Trans>1. Products</Trans>
                </h2>
                <ProductsReview draft={draft} />
                {gate.hasIssues ? (
                  <Notice tone="error" title={errorText('order_has_issues', locale)}>
                    <Trans>Please remove them to be able to place the order.</Trans>{' '}
                    <AppLink to="/cart" className={linkClass}>
                      <Trans>Back to cart</Trans>
                    </AppLink>
                  </Notice>
                ) : null}
                {!gate.hasIssues && gate.belowMinimum ? (
                  <Notice tone="warning" title={minimumText}>
                    <AppLink to="/catalog" className={linkClass}>
                      <Trans>Continue shopping</Trans>
                    </AppLink>
                  </Notice>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  <LinkButton as={AppLink} to="/cart" variant="secondary">
                    <Trans>Edit cart</Trans>
                  </LinkButton>
                  <Button
                    size="lg"
                    disabled={gate.hasIssues || gate.belowMinimum}
                    onClick={() => goTo('delivery')}
                  >
                    <Trans>Continue to delivery</Trans>
                  </Button>
                </div>
              </>
            ) : null}

            {step === 'delivery' && draft && gate ? (
              <>
                <h2 id="checkout-step-heading" className="text-2xl font-bold">
                  <Trans>2. Delivery information</Trans>
                </h2>
                <DeliveryChooser draft={draft} />
                <div className="flex flex-wrap gap-3">
                  <Button variant="secondary" onClick={() => goTo('products')}>
                    <Trans>Back</Trans>
                  </Button>
                  <Button size="lg" disabled={gate.needsDelivery} onClick={() => goTo('payment')}>
                    <Trans>Continue to payment</Trans>
                  </Button>
                </div>
              </>
            ) : null}

            {step === 'payment' ? (
              <>
                <h2 id="checkout-step-heading" className="text-2xl font-bold">
                  {order ? <PayForOrder number={number} /> : <Trans>3. Payment information</Trans>}
                </h2>
                {order && until ? (
                  <Notice
                    tone="info"
                    live={false}
                    title={<Trans>We hold these items for you until {until}.</Trans>}
                  >
                    <Trans>
                      Your order is placed and waits for payment. If it is not paid by then, its
                      items go back to your cart.
                    </Trans>
                  </Notice>
                ) : null}
                {deliveryTo ? (
                  <p className="text-muted">
                    <Trans>Delivery to: {deliveryTo}</Trans>
                  </p>
                ) : null}
                <PaymentStep
                  customer={customer}
                  supported={settings?.paymentMethods ?? []}
                  total={totals.total}
                  locale={locale}
                  placing={busy}
                  action={order ? 'pay' : 'place'}
                  failure={failure}
                  failureActions={failureActions}
                  onPlace={(choice) => void submitPayment(choice)}
                />
                <div>
                  {order ? (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      loading={bringingBack}
                      onClick={() => void backToCartNow(order.id)}
                    >
                      <Trans>Back to cart</Trans>
                    </Button>
                  ) : (
                    <Button variant="ghost" disabled={busy} onClick={() => goTo('delivery')}>
                      <Trans>Back to delivery</Trans>
                    </Button>
                  )}
                </div>
              </>
            ) : null}
          </section>

          <aside
            aria-label={t`Order summary`}
            className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 @5xl:sticky @5xl:top-4"
          >
            <h2 className="text-lg font-bold">
              <Trans>Order summary</Trans>
            </h2>
            {order ? <OrderRows order={order} refused={failure?.refusedRows ?? []} /> : null}
            <BillingSummary totals={totals} promoCode={promoCode} />
          </aside>
        </div>
      </Container>
    </div>
  );
}
