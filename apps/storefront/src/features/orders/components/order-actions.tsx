import { useState, type ReactNode } from 'react';
import { Form, useNavigation, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ORDER_STATUS, formatDate, formatPrice, type OrderSummary } from '@otc/sdk';
import { Button, LinkButton, Notice, type ButtonVariant } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import {
  CANCEL_STEP_PARAM,
  CancelConsequence,
  CancelOrderButton,
  type OrderPaidWith,
} from '../../../components/cancel-order-button';
import { untilText } from '../../../lib/hold-time';
import { CsrfField } from '../../../kernel/page-form';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import { isWaitingForPayment, type OrderIntent } from '../order-action';
import { useLazyGetOrderQuery, type OrderDetail } from '../orders-api';

export { isWaitingForPayment };

/** What paid for an order, for the cancel confirmation (null: nothing yet). */
export function paidWith(order: OrderDetail | undefined): OrderPaidWith {
  if (!order) return 'unknown';
  if (isWaitingForPayment(order)) return null;
  if (!order.payment) return 'unknown';
  return { amount: order.billing.total, code: order.payment.code, last4: order.payment.last4 };
}

/**
 * An order form's address (the order page's action, order-action.ts) and whether its post is under
 * way (the button shows it and a second press is not posted again).
 */
export function useOrderPost(orderId: number, intent: OrderIntent) {
  const localize = useLocalizePath();
  const navigation = useNavigation();
  const action = localize(`/order/${orderId}`);
  const busy =
    navigation.state !== 'idle' &&
    navigation.formAction === action &&
    navigation.formData?.get('intent') === intent;
  return { action, busy };
}

/** A button that posts `intent` to the order page's action, with the scripts or without them. */
function OrderPostButton({
  orderId,
  intent,
  variant,
  loadingLabel,
  children,
}: {
  orderId: number;
  intent: OrderIntent;
  variant?: ButtonVariant;
  loadingLabel?: string;
  children: ReactNode;
}) {
  const { action, busy } = useOrderPost(orderId, intent);
  return (
    <Form
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <CsrfField />
      <Button type="submit" variant={variant} loading={busy} loadingLabel={loadingLabel}>
        {children}
      </Button>
    </Form>
  );
}

/** **Back to cart**: the unpaid order's rows go back into the cart, then the cart is shown. */
function BackToCartButton({ orderId, number }: { orderId: number; number: string }) {
  return (
    <OrderPostButton orderId={orderId} intent="back-to-cart" variant="secondary">
      <Trans>Back to cart</Trans>{' '}
      <span className="sr-only">
        <Trans>order {number}</Trans>
      </span>
    </OrderPostButton>
  );
}

/** **Pay now**: the order's payment step again, while it still waits for payment. */
function PayNowButton({ orderId, number }: { orderId: number; number: string }) {
  return (
    <OrderPostButton orderId={orderId} intent="pay">
      <Trans>Pay now</Trans>{' '}
      <span className="sr-only">
        <Trans>order {number}</Trans>
      </span>
    </OrderPostButton>
  );
}

/**
 * The cancel confirmation drawn in the page (`/order/{id}?cancel=1`): the step a visitor without
 * the scripts takes where the dialog would ask. It says what happens; "Yes, cancel the order"
 * posts to the page's action, "Keep the order" goes back to the order.
 */
export function CancelStep({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const number = order.number;
  return (
    <Notice tone="warning" live={false} title={t`Cancel order ${number}?`}>
      <p>
        <CancelConsequence paid={paidWith(order)} />
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <OrderPostButton orderId={order.id} intent="cancel" variant="danger" loadingLabel={t`Cancelling the order`}>
          <Trans>Yes, cancel the order</Trans>
        </OrderPostButton>
        <LinkButton as={AppLink} to={`/order/${order.id}`} variant="secondary">
          <Trans>Keep the order</Trans>
        </LinkButton>
      </div>
    </Notice>
  );
}

/**
 * Cancel for an order of the history: what paid is read when the confirmation opens, so it can
 * say where the amount goes back.
 */
function HistoryCancelButton({
  order,
  onCancelled,
}: {
  order: OrderSummary;
  onCancelled: () => void;
}) {
  const locale = useLocale();
  const [load, { data: detail }] = useLazyGetOrderQuery();
  return (
    <CancelOrderButton
      orderId={order.id}
      number={order.number}
      consequence={
        <CancelConsequence paid={isWaitingForPayment(order) ? null : paidWith(detail)} />
      }
      onOpen={() => {
        if (!isWaitingForPayment(order)) void load({ id: order.id, locale }, true);
      }}
      onCancelled={onCancelled}
    />
  );
}

/** "Cancelled on May 2, 2026", and where the amount went back when it was paid. */
export function CancelledNotice({ order }: { order: OrderDetail }) {
  const locale = useLocale();
  const date = order.cancelledAt
    ? formatDate(order.cancelledAt, locale, { dateStyle: 'long' })
    : '';
  const refund = order.refund;
  let refundLine: ReactNode = null;
  if (refund) {
    const amount = formatPrice(refund.amount);
    const last4 = refund.last4 ?? '';
    refundLine =
      refund.code === 'balance' ? (
        <Trans>Refunded {amount} to your store balance.</Trans>
      ) : last4 ? (
        <Trans>
          Refunded {amount} to the card ending in {last4}.
        </Trans>
      ) : (
        <Trans>Refunded {amount} to the card that paid.</Trans>
      );
  }
  return (
    <Notice
      tone="info"
      live={false}
      title={date ? <Trans>Cancelled on {date}</Trans> : <Trans>This order was cancelled.</Trans>}
    >
      {refundLine ? <p>{refundLine}</p> : null}
      {refund?.allowanceReturned === false ? (
        // The SDK's refundReturnsTo: an allowance is the plan's money for one period.
        <p>
          <Trans>
            The allowance period this order was paid in had ended, so its allowance does not come
            back: a plan's allowance is for one period only.
          </Trans>
        </p>
      ) : null}
      {!refundLine && !date ? (
        <p>
          <Trans>If it was paid, the amount goes back to how you paid.</Trans>
        </p>
      ) : null}
    </Notice>
  );
}

/**
 * The order page's next steps: an order waiting for payment offers Pay now, Back to cart and
 * Cancel order with the time its hold ends; a paid order that may still be cancelled offers
 * Cancel order with the time that ends; a cancelled one says when, and the refund.
 */
export function OrderNextSteps({
  order,
  onCancelled,
}: {
  order: OrderDetail;
  onCancelled: () => void;
}) {
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const number = order.number;
  if (order.status === ORDER_STATUS.cancelled) return <CancelledNotice order={order} />;
  if (order.cancellableUntil && searchParams.get(CANCEL_STEP_PARAM) === '1') return <CancelStep order={order} />;
  const cancel = order.cancellableUntil ? (
    <CancelOrderButton
      orderId={order.id}
      number={number}
      consequence={<CancelConsequence paid={paidWith(order)} />}
      onCancelled={onCancelled}
    />
  ) : null;
  if (isWaitingForPayment(order)) {
    const until = untilText(order.payableUntil!, locale);
    return (
      <Notice tone="warning" live={false} title={<Trans>This order is waiting for payment</Trans>}>
        <p>
          <Trans>
            We hold its items for you until {until}. If it is not paid by then, they go back to your
            cart.
          </Trans>
        </p>
        {order.holdEndsWithPeriod ? (
          <p className="mt-2">
            <Trans>
              That is when your allowance period ends: the hold cannot go past it, and the period's
              allowance cannot pay after it.
            </Trans>
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-3">
          <PayNowButton orderId={order.id} number={number} />
          <BackToCartButton orderId={order.id} number={number} />
          {cancel}
        </div>
      </Notice>
    );
  }
  if (cancel) {
    const until = untilText(order.cancellableUntil!, locale);
    return (
      <Notice
        tone="info"
        live={false}
        title={<Trans>You can cancel this order until {until}.</Trans>}
      >
        <div className="mt-2">{cancel}</div>
      </Notice>
    );
  }
  return null;
}

/** The history row's actions beside "View order" (Pay now, Back to cart, Cancel order). */
export function OrderRowActions({
  order,
  onCancelled,
}: {
  order: OrderSummary;
  onCancelled: () => void;
}) {
  const waiting = isWaitingForPayment(order);
  return (
    <>
      {waiting ? <PayNowButton orderId={order.id} number={order.number} /> : null}
      {waiting ? <BackToCartButton orderId={order.id} number={order.number} /> : null}
      {order.cancellableUntil ? (
        <HistoryCancelButton order={order} onCancelled={onCancelled} />
      ) : null}
    </>
  );
}

/** The history row's line under the date: until when it waits, may be cancelled, or when it was. */
export function OrderRowNote({ order }: { order: OrderSummary }) {
  const locale = useLocale();
  const [now] = useState(() => new Date());
  if (order.status === ORDER_STATUS.cancelled && order.cancelledAt) {
    const date = formatDate(order.cancelledAt, locale, { dateStyle: 'medium' });
    return (
      <p className="text-muted">
        <Trans>Cancelled on {date}</Trans>
      </p>
    );
  }
  if (isWaitingForPayment(order)) {
    const until = untilText(order.payableUntil!, locale, now);
    return (
      <p className="font-semibold">
        <Trans>Waiting for payment until {until}</Trans>
      </p>
    );
  }
  if (order.cancellableUntil) {
    const until = untilText(order.cancellableUntil, locale, now);
    return (
      <p className="text-muted">
        <Trans>You can cancel it until {until}.</Trans>
      </p>
    );
  }
  return null;
}
