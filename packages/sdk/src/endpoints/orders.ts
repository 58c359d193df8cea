import type { CallOptions, ClientCore } from '../client/core.js';
import type { PayInput } from '../checkout/types.js';
import { ApiError, ValidationError } from '../errors/errors.js';
import { mergeGuestCart, type GuestCartItemRow } from '../rules/merge-guest-cart.js';
import type { BulkItemRow, DraftMergeAnswer, OrderDraft } from '../schemas/order.js';

export interface ItemsUpdateResult {
  draft: OrderDraft;
  /** Rows the API refused (422 naming `rows.N...`) and that were left out of the retry. */
  dropped: BulkItemRow[];
}

export function orderEndpoints(core: ClientCore) {
  const agent = () => {
    const agentId = core.agentId();
    return agentId ? { agentId } : {};
  };

  const prepareDraft = (options?: CallOptions) =>
    core.call('prepareDraft', { body: agent() }, options);
  const setItems = (orderId: number, rows: BulkItemRow[], options?: CallOptions) =>
    core.call('setItems', { params: { id: orderId }, body: { rows } }, options);

  /**
   * Replaces all rows. A 422 naming rows (`rows.1.amount`) drops those rows and retries once;
   * a 422 naming no row, or a second failure, is thrown.
   */
  async function updateItemsWithRetry(
    orderId: number,
    rows: BulkItemRow[],
    options?: CallOptions,
  ): Promise<ItemsUpdateResult> {
    try {
      return { draft: await setItems(orderId, rows, options), dropped: [] };
    } catch (error) {
      const failed = error instanceof ValidationError ? error.rowIndexes.rows : undefined;
      if (!failed || failed.length === 0) throw error;
      const dropped = rows.filter((_, i) => failed.includes(i));
      const kept = rows.filter((_, i) => !failed.includes(i));
      return { draft: await setItems(orderId, kept, options), dropped };
    }
  }

  /**
   * Returns a placed, unpaid order to the cart (its rows into the open draft). An order that no
   * longer waits for payment (paid, or its hold ended: a 409 or 422 such as
   * `order_not_waiting_for_payment`, `order_payment_time_over`) answers the open draft as it is,
   * `reloaded: true`, so the page shows the cart instead of an error. Anything else is thrown.
   */
  async function backToDraftOrReload(
    orderId: number,
    options?: CallOptions,
  ): Promise<{ draft: OrderDraft; reloaded: boolean }> {
    try {
      return {
        draft: await core.call('backToDraft', { params: { id: orderId } }, options),
        reloaded: false,
      };
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 422)) throw error;
      return { draft: await prepareDraft(options), reloaded: true };
    }
  }

  /**
   * Merges the guest cart into the open draft at sign-in, in ONE request: the server applies the
   * rule (new items added, differing amounts take the larger, up to what can be ordered; a draft
   * row is never lowered or dropped) and answers what it did (`added`, `raised`, `limited`,
   * `dropped`). Guest rows may be `{ sku_id, amount }` or stored `{ product, amount }`; they are
   * checked here first (`mergeGuestCart`: a malformed row throws a TypeError before any call),
   * listed once with their larger amount, and rows of 0 units are left out.
   */
  async function mergeIntoDraft(
    localRows: ReadonlyArray<BulkItemRow | GuestCartItemRow>,
    options?: CallOptions,
  ): Promise<DraftMergeAnswer> {
    // Checked before the call: a malformed guest cart rejects here, and the caller keeps it.
    const { rows } = mergeGuestCart([], localRows);
    return core.call('mergeIntoDraft', { body: { rows, ...agent() } }, options);
  }

  return {
    /**
     * The visitor's cart as the server holds it, `{ draft }`: a member's draft (created when
     * none), a guest's server cart (session mode's cart cookie), or null for a guest without one.
     */
    readCart: (options?: CallOptions) => core.call('readCart', {}, options),
    /** The open draft (created when none); sends the agent id. */
    prepareDraft,
    /**
     * Adds `amount` units (at least 1) of one product to the open draft (created when none), in
     * one request: two tabs adding at once keep both units. Above what can be ordered the server
     * answers 422 `cannot_add_more`. Sends the agent id.
     */
    addToDraft: (skuId: number, amount: number, options?: CallOptions) =>
      core.call('addToDraft', { body: { sku_id: skuId, amount, ...agent() } }, options),
    /** Sets one product's amount (0 removes it); sends the agent id. */
    setSkuAmount: (orderId: number, skuId: number, amount: number, options?: CallOptions) =>
      core.call(
        'setSkuAmount',
        { params: { id: orderId }, body: { sku_id: skuId, amount, ...agent() } },
        options,
      ),
    /** Replaces every row of the draft. */
    setItems,
    updateItemsWithRetry,
    recalculate: (orderId: number, options?: CallOptions) =>
      core.call('recalculate', { params: { id: orderId } }, options),
    /** Sets or (with null) clears the promo code. */
    setPromoCode: (orderId: number, promoCode: string | null, options?: CallOptions) =>
      core.call('updateOrder', { params: { id: orderId }, body: { promoCode } }, options),
    /**
     * Checkout step 2 (after `setDelivery`): places the draft; it then waits for payment. The
     * answer carries the order's `number`.
     */
    complete: (orderId: number, options?: CallOptions) =>
      core.call('completeOrder', { params: { id: orderId } }, options),
    backToDraft: (orderId: number, options?: CallOptions) =>
      core.call('backToDraft', { params: { id: orderId } }, options),
    backToDraftOrReload,
    /**
     * Checkout step 3: `{ code: 'trnsx', input: { card: '6035...', code: '123' } }` (see the
     * README). Never retried by the client: after a failure with no answer, call it again (a
     * repeat of a paid order answers the first payment) or read the order.
     */
    pay: (orderId: number, input: PayInput, options?: CallOptions) =>
      core.call('payOrder', { params: { id: orderId }, body: input }, options),
    /**
     * Cancels an unpaid order (stock released), or a paid one not yet packaging within the
     * settings' `orderCancelMinutes` (refunded to what paid); answers the order. Otherwise 409
     * `order_not_cancellable`.
     */
    cancel: (orderId: number, options?: CallOptions) =>
      core.call('cancelOrder', { params: { id: orderId } }, options),
    list: (page?: number, options?: CallOptions) =>
      core.call('listOrders', { query: page ? { page } : {} }, options),
    get: (orderId: number, options?: CallOptions) =>
      core.call('getOrder', { params: { id: orderId } }, options),
    delivery: (options?: CallOptions) => core.call('getDelivery', {}, options),
    /** Checkout step 1: the delivery address of the open order (an address in a delivery state). */
    setDelivery: (addressId: number, options?: CallOptions) =>
      core.call('setDelivery', { body: { addressId } }, options),
    mergeIntoDraft,
  };
}
