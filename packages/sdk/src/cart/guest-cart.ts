import { STORAGE_KEYS, type GUEST_CART_DELAYS } from '../constants/index.js';
import { itemAvailability } from '../rules/item-availability.js';
import type { ProductSummary } from '../schemas/catalog.js';
import { localCartRowSchema, type LocalCartRow } from '../schemas/order.js';
import type { KeyValueStorage } from '../storage/storage.js';
import { cartRefusal } from './refusal.js';

export type GuestCartDelays = { readonly [K in keyof typeof GUEST_CART_DELAYS]?: number };

export interface GuestCartOptions {
  storage: KeyValueStorage;
  /**
   * Simulated delays in ms (spec section 9): pass `GUEST_CART_DELAYS` or some of its keys.
   * Missing keys use `default` (or none). Without this option there is no delay.
   */
  delays?: GuestCartDelays;
}

export type GuestCartListener = (rows: LocalCartRow[]) => void;

export interface GuestCart {
  /** The rows, oldest first; rows that no longer match the schema are dropped. */
  rows(): LocalCartRow[];
  /** Units in the cart (sum of amounts). */
  count(): number;
  /**
   * Adds `amount` units (default 1), incrementing an existing row. Above what can be ordered
   * (the product's `inStock` and `status`, by `itemAvailability`, as the server decides), or for
   * an item that cannot be ordered at all (inactive, discontinued, out of stock), it throws a
   * `ValidationError` (`fieldCodes.amount` `cannot_add_more`) and storage is left as it was.
   */
  add(product: ProductSummary, amount?: number): Promise<LocalCartRow[]>;
  /**
   * Sets a row's amount; 0 or less removes it. Unknown products are ignored. Raising it above
   * what can be ordered throws as `add` does; lowering is always allowed (as on the server).
   */
  setAmount(productId: number, amount: number): Promise<LocalCartRow[]>;
  remove(productId: number): Promise<LocalCartRow[]>;
  clear(): Promise<LocalCartRow[]>;
  /** Called with the rows after every change; returns the unsubscribe function. */
  subscribe(listener: GuestCartListener): () => void;
}

/**
 * The server's rule for a row's amount (`setSkuAmount`, `addToDraft`): raising it needs that many
 * units orderable; lowering it is always allowed. The guest cart holds the product as it was
 * shown, so its `inStock` and `status` are what the shopper saw.
 */
function checkRaise(product: ProductSummary, from: number, to: number): void {
  if (to <= from) return;
  if (!itemAvailability({ status: product.status, stock: product.inStock, amount: to }).orderable) {
    throw cartRefusal('amount', 'cannot_add_more');
  }
}

function wait(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** The guest cart in local storage (key `guest-cart`). */
export function createGuestCart(options: GuestCartOptions): GuestCart {
  const { storage } = options;
  const listeners = new Set<GuestCartListener>();
  const delayOf = (kind: keyof typeof GUEST_CART_DELAYS): number => {
    const delays = options.delays;
    if (!delays) return 0;
    return delays[kind] ?? delays.default ?? 0;
  };

  function rows(): LocalCartRow[] {
    const text = storage.get(STORAGE_KEYS.guestCart);
    if (!text) return [];
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return [];
    }
    if (!Array.isArray(json)) return [];
    return json.flatMap((row: unknown) => {
      const parsed = localCartRowSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
  }

  function save(next: LocalCartRow[]): LocalCartRow[] {
    if (next.length === 0) storage.remove(STORAGE_KEYS.guestCart);
    else storage.set(STORAGE_KEYS.guestCart, JSON.stringify(next));
    for (const listener of listeners) listener(next);
    return next;
  }

  return {
    rows,
    count: () => rows().reduce((sum, row) => sum + row.amount, 0),
    async add(product, amount = 1) {
      await wait(delayOf('add'));
      const units = Math.max(1, Math.trunc(amount));
      const current = rows();
      const existing = current.find((row) => row.product.id === product.id);
      checkRaise(product, existing?.amount ?? 0, (existing?.amount ?? 0) + units);
      return save(
        existing
          ? current.map((row) => (row === existing ? { product, amount: row.amount + units } : row))
          : [...current, { product, amount: units }],
      );
    },
    async setAmount(productId, amount) {
      const units = Math.trunc(amount);
      await wait(delayOf(units > 0 ? 'default' : 'remove'));
      const current = rows();
      if (units <= 0) return save(current.filter((row) => row.product.id !== productId));
      const existing = current.find((row) => row.product.id === productId);
      if (existing) checkRaise(existing.product, existing.amount, units);
      return save(
        current.map((row) => (row.product.id === productId ? { ...row, amount: units } : row)),
      );
    },
    async remove(productId) {
      await wait(delayOf('remove'));
      return save(rows().filter((row) => row.product.id !== productId));
    },
    async clear() {
      await wait(delayOf('clear'));
      return save([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
