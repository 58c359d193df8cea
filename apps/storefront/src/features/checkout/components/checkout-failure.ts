// Why a checkout post failed, in the page's language: the notice beside the payment button (drawn
// by the server too, for a post sent without the scripts) and the notification with them. Read
// from the error's catalogue code, never its message.
import { useLingui } from '@lingui/react/macro';
import { errorText, type OrderDetail } from '@otc/sdk';
import type { SdkQueryError } from '../../../lib/api';
import { failureLines, fieldFailureTexts } from '../../../lib/form-messages';
import { useLocale } from '../../../lib/use-locale';
import type { CheckoutStage } from '../checkout-action';
import type { PaymentFailure } from './payment-step';

/** The page's failure: what the notice shows, and what the shopper can do about it. */
export interface CheckoutFailure extends PaymentFailure {
  /** `order_has_issues` at pay: the indexes of the rows the server refused. */
  refusedRows?: number[];
  /** `unpaid_order_exists`: another order waits; the notice offers to pay for it or cancel it. */
  otherOrderWaits?: boolean;
  /** `order_payment_time_over`: the items are back in the cart. */
  timeOver?: boolean;
}

/** The refusals of the order itself (it changed, its time is over): no payment was tried. */
const ORDER_SIDE = ['order_has_issues', 'order_payment_time_over', 'minimum_order', 'order_not_waiting_for_payment'];

/** Describes a refused place or pay (`order`: the placed order, for the rows it names). */
export function useDescribeCheckoutFailure() {
  const { t } = useLingui();
  const locale = useLocale();
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

  return (error: SdkQueryError, stage: CheckoutStage, order: OrderDetail | null): CheckoutFailure => {
    // A refused payment comes after the order was placed: it is not lost, only unpaid, so the
    // title says the payment was not accepted (the spec's "Error placing order" is for placing).
    // When the order itself stopped the payment (it changed, its time is over), no payment was
    // tried: the title says the order could not be paid.
    const title =
      stage === 'place'
        ? t`Error placing order`
        : ORDER_SIDE.includes(error.code ?? '')
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
    const next: CheckoutFailure = { title, lines, cardRefused };
    const fieldTexts = fieldFailureTexts(locale, error);
    const cardProblem = fieldTexts.card ?? fieldTexts['input.card'];
    if (cardProblem && !cardRefused) next.cardProblem = cardProblem;
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
    return next;
  };
}
