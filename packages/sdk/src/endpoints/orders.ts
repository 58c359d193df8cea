import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';
import { ValidationError } from '../errors/errors.js';
import { mergeGuestCart } from '../rules/merge-guest-cart.js';
import type { LocalCartRow } from '../schemas/order.js';
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

function toBulkRow(row: BulkItemRow | LocalCartRow): BulkItemRow {
  return 'product' in row ? { sku_id: row.product.id, amount: row.amount } : row;
}

export function orderEndpoints(core: ClientCore) {
  const agent = () => {
    const agentId = core.agentId();
    return agentId ? { agentId } : {};
  };

  const prepareDraft = () => core.call('prepareDraft', { body: agent() });
  const setItems = (orderId: number, rows: BulkItemRow[]) =>
    core.call('setItems', { params: { id: orderId }, body: { rows } });

  /**
   * Replaces all rows. A 422 naming rows (`rows.1.amount`) drops those rows and retries once;
   * a 422 naming no row, or a second failure, is thrown.
   */
  async function updateItemsWithRetry(
    orderId: number,
    rows: BulkItemRow[],
  ): Promise<ItemsUpdateResult> {
    try {
      return { draft: await setItems(orderId, rows), dropped: [] };
    } catch (error) {
      const failed = error instanceof ValidationError ? error.rowIndexes.rows : undefined;
      if (!failed || failed.length === 0) throw error;
      const dropped = rows.filter((_, i) => failed.includes(i));
      const kept = rows.filter((_, i) => !failed.includes(i));
      return { draft: await setItems(orderId, kept), dropped };
    }
  }

  /** Returns a placed, unpaid order to draft; a 422 reloads the draft instead. */
  async function backToDraftOrReload(
    orderId: number,
  ): Promise<{ draft: OrderDraft; reloaded: boolean }> {
    try {
      return {
        draft: await core.call('backToDraft', { params: { id: orderId } }),
        reloaded: false,
      };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return { draft: await prepareDraft(), reloaded: true };
    }
  }

  /**
   * Merges the guest cart into the server draft at sign-in: new items are added, differing
   * amounts take the larger, rows only on the server stay (rule `mergeGuestCart`).
   */
  async function mergeGuestCartIntoDraft(
    localRows: ReadonlyArray<BulkItemRow | LocalCartRow>,
  ): Promise<GuestCartMergeResult> {
    const draft = await prepareDraft();
    const serverRows = draft.rows.map((row) => ({ sku_id: row.sku.id, amount: row.amount }));
    const merged = mergeGuestCart(serverRows, localRows.map(toBulkRow));
    if (!merged.changed) {
      return { draft, dropped: [], changed: false, added: [], raised: [] };
    }
    const result = await updateItemsWithRetry(draft.id, merged.rows);
    return { ...result, changed: true, added: merged.added, raised: merged.raised };
  }

  return {
    /** The open draft (created when none); sends the agent id. */
    prepareDraft,
    /** Sets one product's amount (0 removes it); sends the agent id. */
    setSkuAmount: (orderId: number, skuId: number, amount: number) =>
      core.call('setSkuAmount', {
        params: { id: orderId },
        body: { sku_id: skuId, amount, ...agent() },
      }),
    setItems,
    updateItemsWithRetry,
    recalculate: (orderId: number) => core.call('recalculate', { params: { id: orderId } }),
    /** Sets or (with null) clears the promo code. */
    setPromoCode: (orderId: number, promoCode: string | null) =>
      core.call('updateOrder', { params: { id: orderId }, body: { promoCode } }),
    complete: (orderId: number) => core.call('completeOrder', { params: { id: orderId } }),
    backToDraft: (orderId: number) => core.call('backToDraft', { params: { id: orderId } }),
    backToDraftOrReload,
    pay: (orderId: number, input: RouteInput<'payOrder'>['body']) =>
      core.call('payOrder', { params: { id: orderId }, body: input }),
    list: (page?: number) => core.call('listOrders', { query: page ? { page } : {} }),
    get: (orderId: number) => core.call('getOrder', { params: { id: orderId } }),
    delivery: () => core.call('getDelivery'),
    setDelivery: (addressId: number) => core.call('setDelivery', { body: { addressId } }),
    mergeGuestCartIntoDraft,
  };
}
