/**
 * The checkout facade's interface (beside the cart facade): the order's life from the open draft
 * to paid, cancelled or back in the cart. The storefront's RTK Query endpoints call it; pages only
 * render. `createCheckout` (checkout.ts) implements it over the SDK client.
 */
import type { CallOptions } from '../client/core.js';
import type { Money } from '../schemas/common.js';
import type { OrderDetail, OrderDraft, PaymentAnswer, PlacedOrder } from '../schemas/order.js';
import type { PaymentInput } from '../schemas/order.js';

export const CHECKOUT_STEPS = ['products', 'delivery', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** What the step gate needs of the shop's settings (`GET /api/constants` fits). */
export interface CheckoutSettings {
  minimumOrder: Money;
  deliveryStates: readonly string[];
  requiredProfileFields: readonly string[];
}

/** Whether each step of checkout may be entered, by the SDK's rules. */
export interface CheckoutGate {
  /** Some row has a bad reason code ("Please resolve issues in your order list before continue"). */
  hasIssues: boolean;
  /** No rows, or the items subtotal is under the settings' minimum order. */
  belowMinimum: boolean;
  /** The settings' minimum order (what `minimum_order`'s `{qty}` shows). */
  minimumOrder: Money;
  /** No delivery address, or one outside the settings' delivery states. */
  needsDelivery: boolean;
  /** Required profile fields the customer has not filled (empty when complete or unknown). */
  profileMissing: string[];
  /** The furthest step the draft allows. */
  furthestStep: CheckoutStep;
}

/**
 * An order as checkout opens it by id (`/checkout/{id}`):
 * - `draft`: the open draft (steps products, delivery, payment);
 * - `unpaid`: a placed order waiting for payment (the payment step again: "Pay now");
 * - `closed`: paid, cancelled or on its way (the order page shows it);
 * - `elsewhere`: the id is not an order of the customer's that checkout can open (the open draft
 *   is given, so the page follows it).
 */
export type CheckoutOrder =
  | { kind: 'draft'; draft: OrderDraft }
  | { kind: 'unpaid'; order: OrderDetail }
  | { kind: 'closed'; order: OrderDetail }
  | { kind: 'elsewhere'; draft: OrderDraft };

export interface Checkout {
  /** The open draft (created when none): ONE read shared by the cart and checkout. */
  draft(options?: CallOptions): Promise<OrderDraft>;
  /** The order checkout was opened with (see `CheckoutOrder`). */
  open(orderId: number, options?: CallOptions): Promise<CheckoutOrder>;
  /** Pure: the step gate of a draft (deliverability, minimum order, profile completeness). */
  gate(
    draft: Pick<OrderDraft, 'rows' | 'totals' | 'deliveryAddress'>,
    settings: CheckoutSettings | undefined,
    customer?: Record<string, unknown> | null,
  ): CheckoutGate;
  /** Pure: the step asked for, or the furthest the gate allows when it is ahead. */
  allowedStep(wanted: string | null | undefined, gate: CheckoutGate): CheckoutStep;
  /** Checkout step 2: the delivery address of the open draft. */
  setDelivery(addressId: number, options?: CallOptions): Promise<OrderDraft>;
  /**
   * Places the draft (its stock is held for the settings' `unpaidOrderMinutes`). Throws an
   * `ApiError`: `unpaid_order_exists` (409, params `{ number }`; the draft's `pendingOrder` names
   * it) while another order waits for payment, `order_has_issues`, `minimum_order`, ...
   */
  place(orderId: number, options?: CallOptions): Promise<PlacedOrder>;
  /**
   * Pays a placed order, the first time or again after a decline (the order stays payable until
   * its hold ends). The server checks the rows, the plan and the minimum again: a change answers
   * `order_has_issues` naming the rows. A second pay of a paid order answers the first payment.
   */
  pay(orderId: number, input: PaymentInput, options?: CallOptions): Promise<PaymentAnswer>;
  /**
   * An unpaid order back to the cart: its rows go into the open draft and its stock is released.
   * An order no longer waiting (paid, expired) answers the open draft as it is (`reloaded: true`).
   */
  backToCart(orderId: number, options?: CallOptions): Promise<{ draft: OrderDraft; reloaded: boolean }>;
  /**
   * Cancels an unpaid order (stock released), or a paid one not yet packaging within the cancel
   * window (the amount goes back to what paid). Throws `order_not_cancellable` otherwise.
   */
  cancel(orderId: number, options?: CallOptions): Promise<OrderDetail>;
}
