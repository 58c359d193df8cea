import {
  ORDER_STATUS,
  PAYMENT_METHOD_CODES,
  type OrderStatusCode,
  type PaymentMethodCode,
} from '../constants/index.js';

/**
 * Which status an order takes once paid, per payment method (architecture.md "Decisions"):
 * every card method goes to payment verification (-5) before it is confirmed; paying from the
 * balance confirms at once (1). The API's payment service and the storefront read this table.
 */
export const STATUS_AFTER_PAYMENT: Readonly<Record<PaymentMethodCode, OrderStatusCode>> = {
  trnsx: ORDER_STATUS.paymentVerification,
  nationsbenefits: ORDER_STATUS.paymentVerification,
  prohealth: ORDER_STATUS.paymentVerification,
  credit: ORDER_STATUS.paymentVerification,
  balance: ORDER_STATUS.confirmed,
};

/** The status after paying with `method`; an unknown method throws a TypeError. */
export function statusAfterPayment(method: string): OrderStatusCode {
  if (!(PAYMENT_METHOD_CODES as readonly string[]).includes(method)) {
    throw new TypeError(
      `statusAfterPayment: unknown payment method "${method}" (${PAYMENT_METHOD_CODES.join(', ')})`,
    );
  }
  return STATUS_AFTER_PAYMENT[method as PaymentMethodCode];
}

/** Whether paying with `method` is a card payment that goes through payment verification. */
export function isCardPaymentMethod(method: string): boolean {
  return statusAfterPayment(method) === ORDER_STATUS.paymentVerification;
}
