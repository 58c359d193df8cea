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

/**
 * Merges the guest (local) cart into the server draft at sign-in (spec section 4): new items
 * are added, differing amounts take the larger, rows only on the server are kept. Server order is
 * kept, new items follow in guest order. A sku listed twice in the guest cart counts with its
 * larger amount; guest rows with amount 0 are ignored. Guest rows may be `{ sku_id, amount }`
 * or stored guest-cart rows `{ product, amount }`. A row of neither shape, or with an amount
 * that is not a whole number of units, throws a TypeError. Inputs are not changed.
 */
export function mergeGuestCart(
  server: readonly CartItemRow[],
  local: ReadonlyArray<CartItemRow | GuestCartItemRow>,
): GuestCartMerge {
  const serverRows = readRows(server, 'server');
  const guest = new Map<number, number>();
  for (const row of readRows(local, 'guest')) {
    if (row.amount === 0) continue;
    guest.set(row.sku_id, Math.max(guest.get(row.sku_id) ?? 0, row.amount));
  }

  const seen = new Set<number>();
  const raised: number[] = [];
  const rows = serverRows.map((row) => {
    const wanted = guest.get(row.sku_id);
    const first = !seen.has(row.sku_id);
    seen.add(row.sku_id);
    if (first && wanted !== undefined && wanted > row.amount) {
      raised.push(row.sku_id);
      return { sku_id: row.sku_id, amount: wanted };
    }
    return row;
  });

  const added: number[] = [];
  for (const [sku_id, amount] of guest) {
    if (seen.has(sku_id)) continue;
    added.push(sku_id);
    rows.push({ sku_id, amount });
  }

  return { rows, added, raised, changed: added.length > 0 || raised.length > 0 };
}
