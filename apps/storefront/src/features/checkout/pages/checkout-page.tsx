import { useEffect, useRef, useState } from 'react';
import {
  useActionData,
  useNavigate,
  useNavigation,
  useParams,
  useSearchParams,
  useSubmit,
  type LoaderFunctionArgs,
} from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { allowedCheckoutStep, checkoutGate, type CheckoutStep } from '@otc/sdk';
import { Button, Container, LinkButton, Notice, Skeleton, Stepper } from '@otc/ui';
import { useCustomer } from '../../../kernel/customer-api';
import { useGetCartQuery } from '../../../kernel/draft-api';
import { useAppDispatch } from '../../../kernel/hooks';
import { notify } from '../../../kernel/notify';
import { focusTarget } from '../../../kernel/route-focus';
import { awaitOnServer, holdQuery } from '../../../kernel/prefetch-query';
import { storeOf } from '../../../kernel/route-context';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { AppLink } from '../../../components/app-link';
import { CancelConsequence, CancelOrderButton, CancelStepForm } from '../../../components/cancel-order-button';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { BillingSummary } from '../../../components/order-lines';
import { PendingOrderNotice } from '../../../components/pending-order-notice';
import { useBackToCart } from '../../../components/use-back-to-cart';
import { apiErrorText } from '../../../lib/form-messages';
import { untilText } from '../../../lib/hold-time';
import { localeOfPath } from '../../../lib/locale';
import type { FormFailure } from '../../../kernel/page-form';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import type { CheckoutFailureMore } from '../checkout-action';
import { checkoutApi, useOpenCheckoutQuery } from '../checkout-api';
import { useDescribeCheckoutFailure } from '../components/checkout-failure';
import {
  BACK_TO_CART_FORM,
  DeliveryStep,
  OrderRows,
  PayForOrder,
  PaymentSection,
  ProductsStep,
  formatAddress,
  linkClass,
} from '../components/checkout-steps';

/** The GET form of the waiting order's Cancel button (cancel-order-button.tsx). */
const CANCEL_OTHER_FORM = 'checkout-cancel-other';

/** Every form of the page posts here, on the server without the scripts and here with them. */
export { checkoutAction as action } from '../checkout-action';

type CheckoutRefusal = FormFailure & CheckoutFailureMore;

function isRefusal(answer: unknown): answer is CheckoutRefusal {
  return typeof answer === 'object' && answer !== null && 'error' in answer && 'stage' in answer;
}

/**
 * The checkout is opened as soon as the page's code is here, not after the app's first render;
 * the server draws it for the member whose session came with the request (with the member's
 * addresses at the delivery step: its choice is drawn, and posted, without the scripts).
 */
export function loader(args: LoaderFunctionArgs) {
  const address = new URL(args.request.url);
  const locale = localeOfPath(address.pathname);
  const id = Number(args.params.id);
  const store = storeOf(args);
  const queries = [holdQuery(store.dispatch(checkoutApi.endpoints.openCheckout.initiate({ id, locale })))];
  if (address.searchParams.get('step') === 'delivery')
    queries.push(holdQuery(store.dispatch(checkoutApi.endpoints.getAddresses.initiate())));
  return awaitOnServer(queries);
}

/**
 * `/checkout/{id}`, opened with the checkout facade's `open(id)`:
 * - the open draft: three steps, 1 products, 2 delivery information, 3 payment information;
 *   placing it places the draft, then pays the placed order;
 * - an order waiting for payment: its payment step again ("Pay now"), its rows, total, address
 *   and the time its hold ends, and Back to cart;
 * - a closed order: its order page; any other id: the open draft.
 * The order's life is the server's: nothing is undone when the page is left. Placing and paying
 * are the page's action (checkout-action.ts): the same with the scripts and without them.
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
  const submit = useSubmit();
  const navigation = useNavigation();
  const describe = useDescribeCheckoutFailure();

  // The action's refusal (drawn by the server too); a new post or a step change puts it away.
  const answer = useActionData();
  const refusal = isRefusal(answer) ? answer : null;
  const [dismissed, setDismissed] = useState<unknown>(null);
  const posting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'pay';
  const shownRefusal = refusal && refusal !== dismissed && !posting ? refusal : null;
  const payRefusal =
    shownRefusal && (shownRefusal.stage === 'place' || shownRefusal.stage === 'pay') ? shownRefusal : null;
  const failure = payRefusal ? describe(payRefusal.error, payRefusal.stage, order) : null;
  // One press places one order: a second press before the answer is not posted again.
  const busyRef = useRef(false);
  const busy = posting || (navigation.state !== 'idle' && navigation.formData?.get('intent') === 'pay');

  // Said once, as the spec asks (a notification); the notice beside the button keeps it. A
  // refused card is said once by its field, which takes the focus with the error, beside the
  // notice's advice: a notification would be a third telling, over that advice.
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (!payRefusal || told.current === payRefusal) return;
    told.current = payRefusal;
    const said = describe(payRefusal.error, payRefusal.stage, order);
    if (said.cardRefused) return;
    notify(dispatch, { title: said.title, description: said.lines.join('\n'), icon: 'error', color: 'danger' });
  }, [payRefusal, describe, order, dispatch]);

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
    setDismissed(refusal);
    setSearchParams(next === 'products' ? {} : { step: next });
    window.scrollTo?.({ top: 0 });
  };

  const stepHeading = () => {
    const heading = document.getElementById('checkout-step-heading');
    if (heading) focusTarget(heading);
  };

  /** The checked payment form goes to the action: it places the draft (when it is one) and pays. */
  const placeAndPay = (form: HTMLFormElement) => {
    if (busyRef.current || (!draft && !order)) return;
    busyRef.current = true;
    // Settled once the action has answered and the page is drawn with it (or has moved on).
    void submit(form).finally(() => {
      busyRef.current = false;
    });
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
  const until = order?.payableUntil ? untilText(order.payableUntil, locale) : '';
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
          form={CANCEL_OTHER_FORM}
          consequence={<CancelConsequence paid={null} />}
          onCancelled={() => {
            // Placing may be tried again.
            setDismissed(refusal);
            stepHeading();
          }}
        />
      </>
    );
  } else if (failure?.refusedRows && order) {
    // The page's own "Back to cart" form (the payment form cannot hold another form).
    failureActions = (
      <Button type="submit" form={BACK_TO_CART_FORM} variant="secondary" loading={bringingBack}>
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
            {step === 'products' && draft && gate ? <ProductsStep draft={draft} gate={gate} onGo={goTo} /> : null}
            {step === 'delivery' && draft && gate ? (
              <DeliveryStep
                draft={draft}
                gate={gate}
                refused={shownRefusal?.stage === 'delivery' ? shownRefusal.error : null}
                addressRefused={shownRefusal?.stage === 'address' ? shownRefusal : null}
                onGo={goTo}
              />
            ) : null}
            {step === 'payment' ? (
              <PaymentSection
                order={order}
                customer={customer}
                supported={settings?.paymentMethods ?? []}
                total={totals.total}
                deliveryTo={deliveryTo}
                until={until}
                busy={busy}
                bringingBack={bringingBack}
                failure={failure}
                failureActions={failureActions}
                typed={payRefusal?.values}
                onPlace={placeAndPay}
                onBackToCart={(orderId) => void backToCartNow(orderId)}
                onGo={goTo}
              />
            ) : null}
            {/* Outside the payment form, which holds the other order's Cancel button. */}
            {failure?.otherOrderWaits && waiting ? <CancelStepForm id={CANCEL_OTHER_FORM} orderId={waiting.id} /> : null}
            {shownRefusal && (shownRefusal.stage === 'back-to-cart' || shownRefusal.stage === 'cancel') ? (
              <Notice tone="warning">{apiErrorText(locale, shownRefusal.error)}</Notice>
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
