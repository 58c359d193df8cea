import { errorText } from '../errors/catalogue.js';
import { MESSAGES } from '../validation/messages.js';

interface Stocked {
  inStock: number;
  status: number | null;
}
/** A server row (`sku`) or a guest-cart row (`product`). */
export type IncrementRow = { amount: number } & ({ sku: Stocked } | { product: Stocked });

export type IncrementCheck =
  | { allowed: true; code: null; message: null }
  | { allowed: false; code: 'cannotAddMore'; message: string }
  | { allowed: false; code: 'maxUnitsPerItem'; message: string; max: number };

/**
 * One more unit may be added only while the amount is below the stock and the item status is
 * null (fine); otherwise "You cannot add more". With `limits.maxUnitsPerItem` (the settings'),
 * also only below what one order may hold of an item: the API refuses more with
 * `max_units_per_item`, so a stepper stops there and says so.
 */
export function canIncrement(row: IncrementRow, limits: { maxUnitsPerItem?: number | undefined } = {}): IncrementCheck {
  const item = 'sku' in row ? row.sku : row.product;
  if (item.status !== null || row.amount >= item.inStock) {
    return { allowed: false, code: 'cannotAddMore', message: MESSAGES.cannotAddMore };
  }
  const max = limits.maxUnitsPerItem;
  if (max !== undefined && row.amount >= max) {
    return { allowed: false, code: 'maxUnitsPerItem', message: errorText('max_units_per_item', 'en', { max }), max };
  }
  return { allowed: true, code: null, message: null };
}
