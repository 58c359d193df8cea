/** A cart row as the server and the guest cart both know it. */
export interface CartItemRow {
  sku_id: number;
  amount: number;
}

export interface GuestCartMerge {
  /** Server rows in server order (amounts raised where the guest had more), then new rows. */
  rows: CartItemRow[];
  /** sku ids that were only in the guest cart, in guest-cart order. */
  added: number[];
  /** sku ids already on the server whose amount the guest cart raised. */
  raised: number[];
  /** True when the merge changed the server cart: show the "carts combined" notice. */
  changed: boolean;
}

function isUsable(row: CartItemRow): boolean {
  return Number.isSafeInteger(row.sku_id) && Number.isSafeInteger(row.amount) && row.amount > 0;
}

/**
 * Merges the guest (local) cart into the server draft at sign-in (spec section 4): new items
 * are added, differing amounts take the larger, rows only on the server are kept. Server order is
 * kept, new items follow in guest order. A sku listed twice in the guest cart counts with its
 * larger amount; guest rows with a non-positive or non-integer amount are ignored. Inputs are
 * not changed.
 */
export function mergeGuestCart(server: CartItemRow[], local: CartItemRow[]): GuestCartMerge {
  const guest = new Map<number, number>();
  for (const row of local) {
    if (!isUsable(row)) continue;
    guest.set(row.sku_id, Math.max(guest.get(row.sku_id) ?? 0, row.amount));
  }

  const seen = new Set<number>();
  const raised: number[] = [];
  const rows = server.map((row) => {
    const wanted = guest.get(row.sku_id);
    const first = !seen.has(row.sku_id);
    seen.add(row.sku_id);
    if (first && wanted !== undefined && wanted > row.amount) {
      raised.push(row.sku_id);
      return { sku_id: row.sku_id, amount: wanted };
    }
    return { sku_id: row.sku_id, amount: row.amount };
  });

  const added: number[] = [];
  for (const [sku_id, amount] of guest) {
    if (seen.has(sku_id)) continue;
    added.push(sku_id);
    rows.push({ sku_id, amount });
  }

  return { rows, added, raised, changed: added.length > 0 || raised.length > 0 };
}
