// The steps of `/checkout/{id}` (checkout-page.tsx holds the order and the failure): 1 products,
// 2 delivery, 3 payment (or an order waiting for payment). Each step's buttons are forms, so they
// work before and without the scripts: a step change is a GET of `?step=`, the delivery address
// and the payment post to the checkout's action (checkout-action.ts). With the scripts the page
// moves between steps itself (the focus on the step's heading) and submits to the same action.
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Form, useFormAction } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  errorText,
  formatPrice,
  type CheckoutGate,
  type CheckoutStep,
  type Customer,
  type OrderDetail,
  type OrderDraft,
  type PaymentMethodCode,
} from '@otc/sdk';
import { Badge, Button, LineItem, LinkButton, Notice } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { DeliveryEstimate } from '../../../components/delivery-estimate';
import { LineFlags } from '../../../components/order-lines';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { CsrfField, type FormFailure } from '../../../kernel/page-form';
import { productImageUrl } from '../../../lib/product-links';
import { useLocale } from '../../../lib/use-locale';
import { DELIVERY_FIELD } from '../checkout-action';
import { DeliveryChooser, formatAddress, useDeliverableAddresses } from './delivery-chooser';
import { PaymentStep, type PaymentFailure, type PaymentTyped } from './payment-step';

export const linkClass = 'font-semibold text-primary underline underline-offset-4';
/** The delivery step's form: its radios are in the chooser, its button below it. */
const DELIVERY_FORM = 'checkout-delivery';
/** The unpaid order's "Back to cart" form (the button beside a refusal names it too). */
export const BACK_TO_CART_FORM = 'checkout-back-to-cart';

function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h2 id="checkout-step-heading" className="text-2xl font-bold">
      {children}
    </h2>
  );
}

/**
 * A button to another step: a GET of `?step=` without the scripts; with them `onGo` moves there
 * (the focus follows to the step's heading).
 */
function StepButton({
  step,
  onGo,
  children,
  ...button
}: {
  step: CheckoutStep;
  onGo: (step: CheckoutStep) => void;
  children: ReactNode;
} & Pick<ComponentProps<typeof Button>, 'variant' | 'size' | 'disabled'>) {
  return (
    <Form
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        onGo(step);
      }}
    >
      {step === 'products' ? null : <input type="hidden" name="step" value={step} />}
      <Button type="submit" {...button}>
        {children}
      </Button>
    </Form>
  );
}

function ProductsReview({ draft }: { draft: OrderDraft }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Products in your order`} className="flex flex-col">
      {draft.rows.map((row) => {
        const amount = row.amount;
        return (
          <LineItem key={row.sku.id} size="sm" imageSrc={productImageUrl(row.sku.mainImage)} title={row.sku.name}>
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
export function OrderRows({ order, refused }: { order: OrderDetail; refused: readonly number[] }) {
  const { t } = useLingui();
  return (
    <ul aria-label={t`Products in your order`} className="flex flex-col">
      {order.products.map((product, index) => {
        const qty = product.qty;
        return (
          <LineItem key={product.sku_id} size="sm" imageSrc={productImageUrl(product.image)} title={product.name}>
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
export function PayForOrder({ number }: { number: string }) {
  return <Trans>Pay for order {number}</Trans>;
}

/** Step 1: the draft's rows; on to delivery unless a row or the minimum stops it. */
export function ProductsStep({ draft, gate, onGo }: { draft: OrderDraft; gate: CheckoutGate; onGo: (step: CheckoutStep) => void }) {
  const locale = useLocale();
  const minimumText = errorText('minimum_order', locale, { qty: formatPrice(gate.minimumOrder) });
  return (
    <>
      <StepHeading>
        <Trans>1. Products</Trans>
      </StepHeading>
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
        <StepButton step="delivery" onGo={onGo} size="lg" disabled={gate.hasIssues || gate.belowMinimum}>
          <Trans>Continue to delivery</Trans>
        </StepButton>
      </div>
    </>
  );
}

/**
 * Step 2: the delivery address. With the scripts a choice is saved as it is made; without them
 * "Continue to payment" posts the chosen address (the only one we deliver to is chosen already).
 */
export function DeliveryStep({
  draft,
  gate,
  refused,
  addressRefused,
  onGo,
}: {
  draft: OrderDraft;
  gate: CheckoutGate;
  /** The address post's refusal drawn by the server. */
  refused: SdkQueryError | null;
  /** The new address post's refusal (what was typed, and why). */
  addressRefused: FormFailure | null;
  onGo: (step: CheckoutStep) => void;
}) {
  const locale = useLocale();
  const here = useFormAction();
  const { single } = useDeliverableAddresses();
  // "Continue to payment" pressed with no address chosen yet (with the scripts; without them the
  // action says it).
  const [unchosen, setUnchosen] = useState(false);
  return (
    <>
      <StepHeading>
        <Trans>2. Delivery information</Trans>
      </StepHeading>
      <DeliveryEstimate />
      <DeliveryChooser
        draft={draft}
        addressPost={{ action: here, refused: addressRefused }}
        choiceForm={(choice) => (
          <Form
            id={DELIVERY_FORM}
            method="post"
            onSubmit={(event: FormEvent) => {
              // The choice is saved already: on to the payment; none yet: the step says so.
              event.preventDefault();
              if (gate.needsDelivery && !single) {
                setUnchosen(true);
                (event.currentTarget as HTMLFormElement)
                  .querySelector<HTMLInputElement>('input[type="radio"]:not(:disabled)')
                  ?.focus();
                return;
              }
              onGo('payment');
            }}
          >
            <input type="hidden" name="intent" value="delivery" />
            <CsrfField />
            {choice}
          </Form>
        )}
      />
      {refused ? <Notice tone="error">{apiErrorText(locale, refused)}</Notice> : null}
      {unchosen && gate.needsDelivery && !refused ? (
        <Notice tone="error">{errorText('delivery_address_required', locale)}</Notice>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <StepButton step="products" onGo={onGo} variant="secondary">
          <Trans>Back</Trans>
        </StepButton>
        {/* Never disabled: without the scripts a disabled button could not be turned on again
            once an address is chosen; a press with none chosen is refused with why. */}
        <Button type="submit" form={DELIVERY_FORM} size="lg">
          <Trans>Continue to payment</Trans>
        </Button>
      </div>
    </>
  );
}

/** Step 3, or the payment of an order waiting for it: the methods, the failure, and the way back. */
export function PaymentSection({
  order,
  customer,
  supported,
  total,
  deliveryTo,
  until,
  busy,
  bringingBack,
  failure,
  failureActions,
  typed,
  onPlace,
  onBackToCart,
  onGo,
}: {
  order: OrderDetail | null;
  customer: Customer | undefined;
  supported: readonly PaymentMethodCode[];
  total: string;
  deliveryTo: string;
  until: string;
  busy: boolean;
  bringingBack: boolean;
  failure: PaymentFailure | null;
  failureActions: ReactNode;
  typed: PaymentTyped | undefined;
  onPlace: (form: HTMLFormElement) => void;
  onBackToCart: (orderId: number) => void;
  onGo: (step: CheckoutStep) => void;
}) {
  const locale = useLocale();
  const number = order?.number ?? '';
  return (
    <>
      <StepHeading>{order ? <PayForOrder number={number} /> : <Trans>3. Payment information</Trans>}</StepHeading>
      {order && until ? (
        <Notice tone="info" live={false} title={<Trans>We hold these items for you until {until}.</Trans>}>
          <Trans>
            Your order is placed and waits for payment. If it is not paid by then, its items go back to your cart.
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
        supported={supported}
        total={total}
        locale={locale}
        placing={busy}
        action={order ? 'pay' : 'place'}
        failure={failure}
        failureActions={failureActions}
        typed={typed}
        onPlace={onPlace}
      />
      <div>
        {order ? (
          <Form
            id={BACK_TO_CART_FORM}
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              onBackToCart(order.id);
            }}
          >
            <input type="hidden" name="intent" value="back-to-cart" />
            <input type="hidden" name="orderId" value={order.id} />
            <CsrfField />
            <Button type="submit" variant="secondary" disabled={busy} loading={bringingBack}>
              <Trans>Back to cart</Trans>
            </Button>
          </Form>
        ) : (
          <StepButton step="delivery" onGo={onGo} variant="ghost" disabled={busy}>
            <Trans>Back to delivery</Trans>
          </StepButton>
        )}
      </div>
    </>
  );
}

export { formatAddress, DELIVERY_FIELD };
