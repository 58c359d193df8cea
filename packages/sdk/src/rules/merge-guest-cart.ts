/** A cart row as the server and the guest cart both know it. */
export interface CartItemRow {
  sku_id: number;
  amount: number;
}

/** A guest-cart row as it is stored (`{ product, amount }`); only the product id is read. */
export interface GuestCartItemRow {
  product: { id: number };
  amount: number;
}

/**
 * What can be ordered now, when the merge must respect it (the server's merge at sign-in does):
 * `units` holds every known product with the units that can be ordered (stock − reserved, 0 when
 * none); `unorderable` the known products that cannot be ordered at all, whatever their units
 * (inactive, discontinued, marked out of stock). A product in neither is unknown.
 */
export interface CartAvailability {
  units: ReadonlyMap<number, number>;
  unorderable?: ReadonlySet<number>;
}

/** A row that holds fewer units than the guest cart had: `amount` is what it holds now. */
export interface MergeLimitedRow {
  sku_id: number;
  amount: number;
  wanted: number;
}

/** A guest row that could not go in at all (`amount` is the guest cart's). */
export interface MergeDroppedRow {
  sku_id: number;
  amount: number;
  reason: 'product_not_found' | 'cannot_add_more';
}

export interface GuestCartMerge {
  /** Server rows in server order (amounts raised where the guest had more), then new rows. */
  rows: CartItemRow[];
  /** sku ids that were only in the guest cart, in guest-cart order. */
  added: number[];
  /** sku ids already on the server whose amount the guest cart raised. */
  raised: number[];
  /**
   * With availability: rows added or raised to fewer units than the guest cart had, and server
   * rows the guest cart wanted more of that could not be raised at all (kept as they were).
   * Always empty without availability.
   */
  limited: MergeLimitedRow[];
  /** With availability: guest rows left out (unknown products, none can be ordered). */
  dropped: MergeDroppedRow[];
  /** True when the merge changed the server cart: show the "carts combined" notice. */
  changed: boolean;
}

const MAX_INT4 = 2_147_483_647;

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Reads one row of either shape. Throws a TypeError naming the side and index for anything else:
 * a malformed cart is a bug to see, never a cart to empty silently.
 */
function readRow(row: unknown, side: 'server' | 'guest', index: number): CartItemRow {
  const fail = (why: string): never => {
    throw new TypeError(`mergeGuestCart: ${side} row ${index} ${why}: ${describe(row)}`);
  };
  if (typeof row !== 'object' || row === null) return fail('is not an object');
  const loose = row as { sku_id?: unknown; product?: { id?: unknown } | null; amount?: unknown };
  const id = 'sku_id' in loose ? loose.sku_id : loose.product?.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_INT4) {
    return fail('has no product id (expected { sku_id, amount } or { product: { id }, amount })');
  }
  const amount = loose.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0 || amount > MAX_INT4) {
    return fail('has an amount that is not a whole number of units');
  }
  return { sku_id: id, amount };
}

function readRows(rows: unknown, side: 'server' | 'guest'): CartItemRow[] {
  if (!Array.isArray(rows)) {
    throw new TypeError(`mergeGuestCart: the ${side} rows are not an array: ${describe(rows)}`);
  }
  return rows.map((row, index) => readRow(row, side, index));
}

/** Units of a product that can be ordered now; null when the product is unknown. */
function orderableUnits(availability: CartAvailability, skuId: number): number | null {
  if (availability.unorderable?.has(skuId)) return 0;
  const units = availability.units.get(skuId);
  if (units === undefined) return null;
  return Number.isFinite(units) && units > 0 ? Math.floor(units) : 0;
}

/**
 * Merges the guest (local) cart into the server draft at sign-in (spec section 4): new items
 * are added, differing amounts take the larger, rows only on the server are kept. Server order is
 * kept, new items follow in guest order. A sku listed twice in the guest cart counts with its
 * larger amount; guest rows with amount 0 are ignored. Guest rows may be `{ sku_id, amount }`
 * or stored guest-cart rows `{ product, amount }`. A row of neither shape, or with an amount
 * that is not a whole number of units, throws a TypeError. Inputs are not changed.
 *
 * With `availability` (what the server knows of stock and status), the guest cart can only add
 * what can be ordered, and the draft loses nothing:
 * - a server row is never lowered or removed, even when it holds more than can be ordered now
 *   (the cart then shows it as out of stock; the customer decides);
 * - a guest amount above what can be ordered becomes the most that can be ordered (`limited`);
 *   a larger guest amount that cannot raise a server row at all leaves it as it was (`limited`,
 *   its amount the server row's);
 * - a guest row of an unknown product (`product_not_found`), or of one of which nothing can be
 *   ordered (`cannot_add_more`: out of stock, inactive, discontinued), is `dropped`;
 * - `added` and `raised` list only what really went in.
 */
export function mergeGuestCart(
  server: readonly CartItemRow[],
  local: ReadonlyArray<CartItemRow | GuestCartItemRow>,
  availability?: CartAvailability,
): GuestCartMerge {
  const serverRows = readRows(server, 'server');
  const guest = new Map<number, number>();
  for (const row of readRows(local, 'guest')) {
    if (row.amount === 0) continue;
    guest.set(row.sku_id, Math.max(guest.get(row.sku_id) ?? 0, row.amount));
  }

  const seen = new Set<number>();
  const raised: number[] = [];
  const limited: MergeLimitedRow[] = [];
  const dropped: MergeDroppedRow[] = [];
  const rows = serverRows.map((row) => {
    const wanted = guest.get(row.sku_id);
    const first = !seen.has(row.sku_id);
    seen.add(row.sku_id);
    if (!first || wanted === undefined || wanted <= row.amount) return row;
    // Never below what the server row holds: only the raise is limited by what can be ordered.
    const most = availability ? (orderableUnits(availability, row.sku_id) ?? 0) : wanted;
    const amount = Math.max(row.amount, Math.min(wanted, most));
    if (amount < wanted) limited.push({ sku_id: row.sku_id, amount, wanted });
    if (amount === row.amount) return row;
    raised.push(row.sku_id);
    return { sku_id: row.sku_id, amount };
  });

  const added: number[] = [];
  for (const [sku_id, wanted] of guest) {
    if (seen.has(sku_id)) continue;
    let amount = wanted;
    if (availability) {
      const most = orderableUnits(availability, sku_id);
      if (most === null || most === 0) {
        dropped.push({ sku_id, amount: wanted, reason: most === null ? 'product_not_found' : 'cannot_add_more' });
        continue;
      }
      amount = Math.min(wanted, most);
      if (amount < wanted) limited.push({ sku_id, amount, wanted });
    }
    added.push(sku_id);
    rows.push({ sku_id, amount });
  }

  return { rows, added, raised, limited, dropped, changed: added.length > 0 || raised.length > 0 };
}
