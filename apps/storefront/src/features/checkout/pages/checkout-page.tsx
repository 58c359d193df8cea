import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorText, formatPrice, isErrorCode, type OrderDraft } from '@otc/sdk';
import { Button, Container, LineItem, LinkButton, Notice, Skeleton, Stepper } from '@otc/ui';
import { useCustomer } from '../../../app/customer-api';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { focusTarget } from '../../../app/route-focus';
import { useGetSettingsQuery } from '../../../app/settings-api';
import { AppLink } from '../../../components/app-link';
import { LoadErrorNotice } from '../../../components/load-error-notice';
import { BillingSummary, LineFlags } from '../../../components/order-lines';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { productImageUrl } from '../../../lib/product-links';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import {
  useBackToDraftMutation,
  useCompleteOrderMutation,
  useGetCheckoutDraftQuery,
  usePayOrderMutation,
} from '../checkout-api';
import { allowedStep, stepGate, type CheckoutStep } from '../checkout-rules';
import { DeliveryChooser, formatAddress } from '../components/delivery-chooser';
import { PaymentStep, type PaymentChoice } from '../components/payment-step';

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

/** "Error placing order": one line per field and message of the failure (spec section 8). */
function failureLines(
  error: SdkQueryError,
  locale: 'en' | 'es',
  fieldName: (field: string) => string,
): string[] {
  const lines: string[] = [];
  const codes = error.fieldCodes ?? {};
  const texts = error.fieldErrors ?? {};
  for (const field of new Set([...Object.keys(codes), ...Object.keys(texts)])) {
    const failure = codes[field];
    const message =
      failure && isErrorCode(failure.code)
        ? errorText(failure.code, locale, failure.params)
        : (texts[field] ?? '');
    lines.push(`${fieldName(field)}: ${message}`);
  }
  const main = apiErrorText(locale, error);
  if (!lines.some((line) => line.endsWith(main))) lines.unshift(main);
  return lines;
}

/**
 * Checkout in three steps: 1 products, 2 delivery information, 3 payment information. Placing
 * the order completes the draft, then pays; leaving the payment step with an unpaid placed order
 * returns it to draft.
 */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: openDraft, isLoading, isError, refetch } = useGetCheckoutDraftQuery(locale);
  // Once placed, the order is shown as it was placed (the open draft is a new one meanwhile).
  const [placedDraft, setPlacedDraft] = useState<OrderDraft | null>(null);
  const draft = placedDraft ?? openDraft;
  const { data: settings } = useGetSettingsQuery();
  const { customer } = useCustomer();
  const [complete] = useCompleteOrderMutation();
  const [pay] = usePayOrderMutation();
  const [backToDraft] = useBackToDraftMutation();
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<{
    title: string;
    lines: string[];
    advice?: string;
    cardRefused?: boolean;
  } | null>(null);
  const [moving, setMoving] = useState(false);

  // A placed order waiting for payment (the draft was completed, the payment not yet accepted).
  const placedRef = useRef<number | null>(null);
  const paidRef = useRef(false);
  const placingRef = useRef(false);

  const returnToDraft = useCallback(async () => {
    const placed = placedRef.current;
    if (placed === null || paidRef.current) return;
    placedRef.current = null;
    setPlacedDraft(null);
    await backToDraft({ orderId: placed, locale });
  }, [backToDraft, locale]);

  // Leaving the page with a placed, unpaid order returns it to the cart.
  useEffect(
    () => () => {
      void returnToDraft();
    },
    [returnToDraft],
  );

  // The address is the order of another draft (a placed order reloaded mid-payment, or an old
  // link): bring it back to draft, or follow the open draft when it cannot be.
  const recovered = useRef(false);
  useEffect(() => {
    if (!draft || draft.id === id || recovered.current || placedRef.current !== null) return;
    recovered.current = true;
    setMoving(true);
    void backToDraft({ orderId: id, locale }).then((result) => {
      setMoving(false);
      const next = 'data' in result && result.data ? result.data.draft.id : draft.id;
      navigate(localize(`/checkout/${next}`), { replace: true });
    });
  }, [draft, id, backToDraft, locale, localize, navigate]);

  const gate = draft ? stepGate(draft, settings) : null;
  const step: CheckoutStep = gate ? allowedStep(searchParams.get('step'), gate) : 'products';

  // Browser Back from the payment step (or a step chosen above it) returns the order to draft.
  useEffect(() => {
    if (step !== 'payment') void returnToDraft();
  }, [step, returnToDraft]);

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
      code: t`Payment method`,
      'input.code': t`Security code`,
      deliveryAddress: t`Delivery address`,
      total: t`Total`,
      rows: t`Products`,
      status: t`Order`,
    };
    return names[field] ?? field;
  };

  const place = async (choice: PaymentChoice) => {
    if (placingRef.current || !draft) return;
    placingRef.current = true;
    setPlacing(true);
    setFailure(null);
    const fail = (error: SdkQueryError) => {
      const title = t`Error placing order`;
      const lines = failureLines(error, locale, fieldName);
      // The API gives one answer for a wrong number, a wrong code and a refused card (so it
      // tells nobody which cards exist): say what the shopper can do about each.
      const cardRefused =
        error.code === 'card_number_or_code_is_not_correct' ||
        Object.values(error.fieldCodes ?? {}).some(
          (issue) => issue?.code === 'card_number_or_code_is_not_correct',
        );
      const advice = cardRefused
        ? t`Check the card number and the security code. If both are right, the card was not accepted: choose another way to pay, or call the number on the back of your card.`
        : undefined;
      setFailure({ title, lines, advice, cardRefused });
      notify(dispatch, { title, description: lines.join('\n'), icon: 'error', color: 'danger' });
    };
    try {
      if (placedRef.current === null) {
        const completed = await complete({ orderId: draft.id, locale });
        if ('error' in completed && completed.error) {
          fail(completed.error as SdkQueryError);
          // The draft may have changed under us (stock, prices): read it again.
          void refetch();
          return;
        }
        placedRef.current = draft.id;
        setPlacedDraft(completed.data ?? null);
      }
      const paid = await pay({
        orderId: placedRef.current,
        code: choice.code,
        input: choice.input,
        locale,
      });
      if ('error' in paid && paid.error) {
        fail(paid.error as SdkQueryError);
        return;
      }
      paidRef.current = true;
      navigate(localize(`/success/${placedRef.current}`), { replace: true });
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  };

  const heading = (
    <h1 className="text-3xl font-bold">
      <Trans>Checkout</Trans>
    </h1>
  );

  if (isLoading || moving || (draft && draft.id !== id)) {
    return (
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-64 w-full" />
      </Container>
    );
  }

  if (isError || !draft || !gate) {
    return (
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        <LoadErrorNotice
          title={<Trans>Your order could not be loaded.</Trans>}
          onRetry={() => void refetch()}
        />
      </Container>
    );
  }

  if (draft.rows.length === 0) {
    return (
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        <Notice tone="info" title={<Trans>Your cart is empty</Trans>}>
          <AppLink
            to="/catalog"
            className="font-semibold text-primary underline underline-offset-4"
          >
            <Trans>Go to the catalog</Trans>
          </AppLink>
        </Notice>
      </Container>
    );
  }

  const steps = [
    { id: 'products', label: t`Products` },
    { id: 'delivery', label: t`Delivery information` },
    { id: 'payment', label: t`Payment information` },
  ];
  const deliveryTo = draft.deliveryAddress ? formatAddress(draft.deliveryAddress) : '';
  const minimumText = errorText('minimum_order', locale, {
    qty: formatPrice(settings?.minimumOrder ?? '25.00'),
  });

  // A size container as wide as the window: the summary goes beside the steps once the page is
  // 64rem wide, so larger text keeps one wide column instead of squeezing the product names.
  return (
    <div className="@container">
      <Container className="flex flex-col gap-6 py-8">
        {heading}
        <Stepper
          label={t`Checkout steps`}
          steps={steps}
          current={step}
          completedLabel={t`completed`}
          onStepSelect={(next) => goTo(next as CheckoutStep)}
        />
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 @5xl:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="checkout-step-heading" className="flex min-w-0 flex-col gap-5">
            {step === 'products' ? (
              <>
                <h2 id="checkout-step-heading" className="text-2xl font-bold">
                  <Trans>1. Products</Trans>
                </h2>
                <ProductsReview draft={draft} />
                {gate.hasIssues ? (
                  <Notice tone="error" title={errorText('order_has_issues', locale)}>
                    <Trans>Please remove them to be able to place the order.</Trans>{' '}
                    <AppLink
                      to="/cart"
                      className="font-semibold text-primary underline underline-offset-4"
                    >
                      <Trans>Back to cart</Trans>
                    </AppLink>
                  </Notice>
                ) : null}
                {!gate.hasIssues && gate.belowMinimum ? (
                  <Notice tone="warning" title={minimumText}>
                    <AppLink
                      to="/catalog"
                      className="font-semibold text-primary underline underline-offset-4"
                    >
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

            {step === 'delivery' ? (
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
                  <Trans>3. Payment information</Trans>
                </h2>
                {draft.deliveryAddress ? (
                  <p className="text-muted">
                    <Trans>Delivery to: {deliveryTo}</Trans>
                  </p>
                ) : null}
                <PaymentStep
                  customer={customer}
                  supported={settings?.paymentMethods ?? []}
                  total={draft.totals.total}
                  locale={locale}
                  placing={placing}
                  failure={failure}
                  onPlace={(choice) => void place(choice)}
                />
                <div>
                  <Button variant="ghost" disabled={placing} onClick={() => goTo('delivery')}>
                    <Trans>Back to delivery</Trans>
                  </Button>
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
            <BillingSummary totals={draft.totals} promoCode={draft.promoCode} />
          </aside>
        </div>
      </Container>
    </div>
  );
}
