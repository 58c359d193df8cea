import type { CallOptions } from '../client/core.js';
import { INT4_MAX, ORDER_STATUS } from '../constants/index.js';
import type { orderEndpoints } from '../endpoints/orders.js';
import { ApiError } from '../errors/errors.js';
import { allowedCheckoutStep, checkoutGate } from '../rules/checkout-gate.js';
import type { Checkout, CheckoutOrder } from './types.js';

/** What checkout needs of the client (`createClient(...)` fits). */
export interface CheckoutClient {
  orders: Pick<
    ReturnType<typeof orderEndpoints>,
    'prepareDraft' | 'get' | 'setDelivery' | 'complete' | 'pay' | 'backToDraftOrReload' | 'cancel'
  >;
}

export interface CreateCheckoutOptions {
  /** The SDK client of the signed-in customer. */
  client: CheckoutClient;
}

function isOrderId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= INT4_MAX;
}

function orderIdOf(name: string, id: number): number {
  if (!isOrderId(id)) throw new TypeError(`checkout.${name}: not an order id: ${id}`);
  return id;
}

/**
 * The checkout facade (see `Checkout`): the storefront's RTK Query endpoints call it, pages only
 * render. Every call goes through the client, so its refresh lock and typed errors hold; `gate`
 * and `allowedStep` are the pure rules `checkoutGate` and `allowedCheckoutStep`.
 */
export function createCheckout(options: CreateCheckoutOptions): Checkout {
  const { orders } = options.client;

  return {
    draft: (callOptions?: CallOptions) => orders.prepareDraft(callOptions),

    async open(orderId, callOptions): Promise<CheckoutOrder> {
      const draft = await orders.prepareDraft(callOptions);
      if (orderId === draft.id) return { kind: 'draft', draft };
      // An address like /checkout/abc or /checkout/0 names no order: follow the open draft.
      if (!isOrderId(orderId)) return { kind: 'elsewhere', draft };
      let order;
      try {
        order = await orders.get(orderId, callOptions);
      } catch (error) {
        // Not found, or someone else's: the page follows the open draft instead of failing.
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
          return { kind: 'elsewhere', draft };
        }
        throw error;
      }
      if (order.status === ORDER_STATUS.waitingForPayment) return { kind: 'unpaid', order };
      // An old draft that is not the open one (it cannot be paid or placed from here).
      if (order.status === ORDER_STATUS.draft) return { kind: 'elsewhere', draft };
      return { kind: 'closed', order };
    },

    gate: (draft, settings, customer) => checkoutGate(draft, settings, customer),
    allowedStep: (wanted, gate) => allowedCheckoutStep(wanted, gate),

    setDelivery: (addressId, callOptions) => orders.setDelivery(addressId, callOptions),
    // async: a malformed id rejects like any other failure instead of throwing at the call.
    place: async (orderId, callOptions) =>
      orders.complete(orderIdOf('place', orderId), callOptions),
    // The same call pays the first time and again after a decline: the server keeps the order
    // payable (waiting for payment) until its hold ends, and answers a repeat of a paid order with
    // the first payment, so a retry never charges twice.
    pay: async (orderId, input, callOptions) =>
      orders.pay(orderIdOf('pay', orderId), input, callOptions),
    backToCart: async (orderId, callOptions) =>
      orders.backToDraftOrReload(orderIdOf('backToCart', orderId), callOptions),
    cancel: async (orderId, callOptions) =>
      orders.cancel(orderIdOf('cancel', orderId), callOptions),
  };
}
