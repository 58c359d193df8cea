import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';
import { ValidationError } from '../errors/errors.js';
import { mergeGuestCart, type GuestCartItemRow } from '../rules/merge-guest-cart.js';
import type { BulkItemRow, OrderDraft } from '../schemas/order.js';

export interface ItemsUpdateResult {
  draft: OrderDraft;
  /** Rows the API refused (422 naming `rows.N...`) and that were left out of the retry. */
  dropped: BulkItemRow[];
}

export interface GuestCartMergeResult extends ItemsUpdateResult {
  /** Whether the draft's rows changed (a notice about the combination is due). */
  changed: boolean;
  /** Product ids only in the guest cart, now added. */
  added: number[];
  /** Product ids whose amount was raised to the guest cart's. */
  raised: number[];
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

  /** Returns a placed, unpaid order to draft; a 422 reloads the draft instead. */
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
      if (!(error instanceof ValidationError)) throw error;
      return { draft: await prepareDraft(options), reloaded: true };
    }
  }

  /**
   * Merges the guest cart into the server draft at sign-in: new items are added, differing
   * amounts take the larger, rows only on the server stay (rule `mergeGuestCart`). Malformed
   * guest rows throw a TypeError before any call. The cart facade (`createCart`) wraps this and
   * clears the guest cart afterwards.
   */
  async function mergeGuestCartIntoDraft(
    localRows: ReadonlyArray<BulkItemRow | GuestCartItemRow>,
    options?: CallOptions,
  ): Promise<GuestCartMergeResult> {
    // Checked before any call: a malformed guest cart throws here, not after a draft exists.
    mergeGuestCart([], localRows);
    const draft = await prepareDraft(options);
    const serverRows = draft.rows.map((row) => ({ sku_id: row.sku.id, amount: row.amount }));
    const merged = mergeGuestCart(serverRows, localRows);
    if (!merged.changed) {
      return { draft, dropped: [], changed: false, added: [], raised: [] };
    }
    const result = await updateItemsWithRetry(draft.id, merged.rows, options);
    return { ...result, changed: true, added: merged.added, raised: merged.raised };
  }

  return {
    /** The open draft (created when none); sends the agent id. */
    prepareDraft,
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
    /** Checkout step 3: `{ code: 'trnsx', input: { card: '6009 ...' } }` (see the README). */
    pay: (orderId: number, input: RouteInput<'payOrder'>['body'], options?: CallOptions) =>
      core.call('payOrder', { params: { id: orderId }, body: input }, options),
    list: (page?: number, options?: CallOptions) =>
      core.call('listOrders', { query: page ? { page } : {} }, options),
    get: (orderId: number, options?: CallOptions) =>
      core.call('getOrder', { params: { id: orderId } }, options),
    delivery: (options?: CallOptions) => core.call('getDelivery', {}, options),
    /** Checkout step 1: the delivery address of the open order (an address in a delivery state). */
    setDelivery: (addressId: number, options?: CallOptions) =>
      core.call('setDelivery', { body: { addressId } }, options),
    mergeGuestCartIntoDraft,
  };
}
