/**
 * The checkout facade's interface (beside the cart facade): the order's life from the open draft
 * to paid, cancelled or back in the cart. The storefront's RTK Query endpoints call it; pages only
 * render. `createCheckout` (checkout.ts) implements it over the SDK client.
 */
import type { CallOptions } from '../client/core.js';
import type { PaymentMethodCode } from '../constants/index.js';
import type { CheckoutGate, CheckoutStep, CheckoutSettings } from '../rules/checkout-gate.js';
import type { OrderDetail, OrderDraft, PaymentAnswer, PlacedOrder } from '../schemas/order.js';

// The gate's types belong to its rule (`@otc/sdk/rules`, which the API imports without the
// client); the facade names them here too.
export {
  CHECKOUT_STEPS,
  type CheckoutGate,
  type CheckoutSettings,
  type CheckoutStep,
} from '../rules/checkout-gate.js';

/**
 * A card on the member's own account chosen by its id (`customer.insuranceCards[].id`, as a
 * string): proven when it was added, so no number and no code are sent.
 */
export type CardOnFile = { cardId: string };

/**
 * What each payment method of the contract (`PaymentMethodCode`) takes in `input` (the README's
 * pay input table): a typed card, the card methods with its security code (which may be left
 * out only for a card on the customer's own account), or the card methods a card on file by its
 * id (`CardOnFile`); `credit` the number alone; `prohealth` (the active insurance card) and
 * `balance` nothing.
 */
export type PaymentMethodInputs = {
  trnsx: { card: string; code?: string } | CardOnFile;
  nationsbenefits: { card: string; code?: string } | CardOnFile;
  credit: { card: string };
  prohealth: Record<string, never>;
  balance: Record<string, never>;
};

/**
 * What `pay` sends: one member per payment method of the contract, discriminated by `code`, with
 * what that method needs in `input` (left out for `prohealth` and `balance`). So
 * `{ code: 'trnsx', input: {} }` does not compile. Every member is a body of the contract's
 * `payOrder` row.
 */
export type PayInput = {
  [C in PaymentMethodCode]: PaymentMethodInputs[C] extends Record<string, never>
    ? { code: C; input?: PaymentMethodInputs[C] }
    : { code: C; input: PaymentMethodInputs[C] };
}[PaymentMethodCode];

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
  /**
   * The open draft (created when none): ONE read shared by the cart and checkout. It is the same
   * call as `cart.read()` of a signed-in customer (`prepareDraft`), so the storefront keeps one
   * cache entry for both.
   */
  draft(options?: CallOptions): Promise<OrderDraft>;
  /** The order checkout was opened with (see `CheckoutOrder`). */
  open(orderId: number, options?: CallOptions): Promise<CheckoutOrder>;
  /**
   * Pure: the step gate of a draft (deliverability, minimum order, profile completeness), the
   * rule `checkoutGate` of `@otc/sdk/rules`.
   */
  gate(
    draft: Pick<OrderDraft, 'rows' | 'totals' | 'deliveryAddress'>,
    settings: CheckoutSettings | undefined,
    customer?: Record<string, unknown> | null,
  ): CheckoutGate;
  /**
   * Pure: the step asked for, or the furthest the gate allows when it is ahead (the rule
   * `allowedCheckoutStep`).
   */
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
  pay(orderId: number, input: PayInput, options?: CallOptions): Promise<PaymentAnswer>;
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
