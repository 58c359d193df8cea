import { MESSAGES } from '../validation/messages.js';

interface Stocked {
  inStock: number;
  status: number | null;
}
/** A server row (`sku`) or a guest-cart row (`product`). */
export type IncrementRow = { amount: number } & ({ sku: Stocked } | { product: Stocked });

export type IncrementCheck =
  | { allowed: true; code: null; message: null }
  | { allowed: false; code: 'cannotAddMore'; message: string };

/**
 * One more unit may be added only while the amount is below the stock and the item status is
 * null (fine); otherwise "You cannot add more".
 */
export function canIncrement(row: IncrementRow): IncrementCheck {
  const item = 'sku' in row ? row.sku : row.product;
  if (item.status === null && row.amount < item.inStock) {
    return { allowed: true, code: null, message: null };
  }
  return { allowed: false, code: 'cannotAddMore', message: MESSAGES.cannotAddMore };
}
