// The order page's route action (issue 29): Pay now, Back to cart and Cancel order of `/order/{id}`
// and of the history's rows post here, with the scripts (the action runs in the browser: the
// endpoints update the cache at once) and without them (the server runs it for the visitor's
// session and answers 303 to the next page, or draws the order page again with the refusal).
//
// What to do is decided by the order as the server has it, not by the page the form came from: a
// second press, a reload that posts again or another tab finds it back in the cart (the cart),
// cancelled (its page, cancelled) or paid (its page says it is not waiting for payment).
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { ORDER_STATUS, type OrderSummary } from '@otc/sdk';
import { draftApi } from '../../kernel/draft-api';
import { holdQuery } from '../../kernel/prefetch-query';
import { storeOf } from '../../kernel/route-context';
import type { SdkQueryError } from '../../lib/api';
import { localeOfPath, localizePath, type Locale } from '../../lib/locale';
import { formFailure, textFields, type FormFailure } from '../../kernel/page-form';
import { ordersApi, type OrderDetail } from './orders-api';

/** What an order form asks for (its `intent` field). */
export const ORDER_INTENTS = ['pay', 'back-to-cart', 'cancel'] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

/** What a refused post answers beside the (empty) values and the error. */
export interface OrderRefusalMore {
  intent: OrderIntent;
  orderId: number;
}
export type OrderRefusal = FormFailure & OrderRefusalMore;

export function isOrderRefusal(answer: unknown): answer is OrderRefusal {
  return typeof answer === 'object' && answer !== null && 'error' in answer && 'intent' in answer && 'orderId' in answer;
}

/** An order waiting for payment that may still be paid (its hold has not ended). */
export function isWaitingForPayment(order: Pick<OrderSummary, 'status' | 'payableUntil'>): boolean {
  return order.status === ORDER_STATUS.waitingForPayment && order.payableUntil !== null;
}

function isIntent(value: string | undefined): value is OrderIntent {
  return (ORDER_INTENTS as readonly string[]).includes(value ?? '');
}

/** The catalogue's refusal of an order that no longer waits for payment (paid or cancelled). */
const NOT_WAITING: SdkQueryError = {
  status: 422,
  code: 'order_not_waiting_for_payment',
  message: 'order_not_waiting_for_payment',
};

/** The order as the server has it now (its page's cache entry follows in the browser). */
async function orderNow(
  store: ReturnType<typeof storeOf>,
  id: number,
  locale: Locale,
): Promise<{ order: OrderDetail } | { error: unknown }> {
  try {
    const started = store.dispatch(ordersApi.endpoints.getOrder.initiate({ id, locale }, { forceRefetch: true }));
    return { order: (await holdQuery(started)) as OrderDetail };
  } catch (error) {
    return { error };
  }
}

export async function orderAction(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const { intent } = textFields(await args.request.formData(), ['intent']);
  if (!isIntent(intent)) throw data(null, { status: 400, statusText: 'Unknown order intent' });
  const orderId = Number(args.params.id);
  const to = (path: string) => redirect(localizePath(path, locale));
  const failed = (error: unknown) => formFailure({}, error, { intent, orderId } satisfies OrderRefusalMore);

  if (intent === 'back-to-cart') {
    const back = await store.dispatch(draftApi.endpoints.backToCart.initiate({ orderId, locale }));
    if (back.error) return failed(back.error);
    // Not waiting any more: already back (a second press; the order is the open draft again, its
    // units in the cart), or paid or cancelled meanwhile (its page says so).
    if (back.data.reloaded && back.data.draft.id !== orderId) return failed(NOT_WAITING);
    return to('/cart');
  }

  if (intent === 'cancel') {
    const cancelled = await store.dispatch(draftApi.endpoints.cancelOrder.initiate({ orderId, locale }));
    if (cancelled.error) {
      // Cancelled already (a second press, another tab): what was asked for is done.
      const already =
        (cancelled.error as SdkQueryError).code === 'order_not_cancellable'
          ? await orderNow(store, orderId, locale)
          : null;
      if (!(already && 'order' in already && already.order.status === ORDER_STATUS.cancelled))
        return failed(cancelled.error);
    }
    // The order drawn as it is now (cancelled, with its refund), without the confirmation step;
    // a reload does not post again.
    return to(`/order/${orderId}`);
  }

  // Pay now: the payment step of an order that still waits for payment.
  const now = await orderNow(store, orderId, locale);
  if ('error' in now) return failed(now.error);
  if (!isWaitingForPayment(now.order)) return failed(NOT_WAITING);
  return to(`/checkout/${orderId}?step=payment`);
}
