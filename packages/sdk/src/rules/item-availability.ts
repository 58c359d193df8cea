import {
  BAD_REASON,
  ITEM_STATUS,
  type BadReasonCode,
  type ItemStatus,
} from '../constants/index.js';

export interface ItemAvailabilityInput {
  /** The stored item status: null (fine), 1 out of stock, 0 inactive, -1 discontinued. */
  status: number | null | undefined;
  /** Units in stock (for a `ProductSummary`, pass `inStock`, which is already net of reservations). */
  stock: number;
  /** Units reserved by placed orders; default 0. */
  reserved?: number;
  /** Whether the customer's health plan supports the item; default true (no plan, or supported). */
  inPlan?: boolean;
  /** Units wanted (an order row's amount); default 1. */
  amount?: number;
}

export type AvailabilityFlag = 'notAvailable' | 'notSupportedByPlan' | 'outOfStock';

export interface ItemAvailability {
  /** The status the API sends for the item (`ProductSummary.status`). */
  status: ItemStatus | null;
  /** Units that can still be ordered: stock - reserved, never below 0. */
  available: number;
  /** Whether `amount` units can be ordered now (no bad reason). */
  orderable: boolean;
  /** The order row's `badReasonCode`: null fine, 1 out of stock, 2 not in the plan, 3 not available. */
  badReasonCode: BadReasonCode | null;
  /** The one flag to show, by the same precedence; null when fine. */
  flag: AvailabilityFlag | null;
}

const FLAG_OF: Record<BadReasonCode, AvailabilityFlag> = {
  [BAD_REASON.notAvailable]: 'notAvailable',
  [BAD_REASON.notSupportedByPlan]: 'notSupportedByPlan',
  [BAD_REASON.outOfStock]: 'outOfStock',
};

function count(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new TypeError(
      `itemAvailability: ${name} must be an integer of at least ${min}: ${String(value)}`,
    );
  }
  return value;
}

/**
 * The one availability rule of an item (architecture.md "Decisions": item status and
 * `badReasonCode`), used by the catalog, the order view and the storefront alike.
 *
 * Status: inactive (0) and discontinued (-1) are kept; a stored 1 is out of stock whatever the
 * stock says (an explicit mark wins); otherwise the item is out of stock (1) when nothing is
 * available (stock - reserved <= 0), and fine (null) when something is.
 *
 * Bad reason, first match wins: 3 not available (status 0 or -1) > 2 not supported by the
 * health plan > 1 out of stock (status 1, or fewer available than `amount`).
 *
 * Malformed input (an unknown status, a negative or fractional count) throws a TypeError.
 */
export function itemAvailability(input: ItemAvailabilityInput): ItemAvailability {
  const stock = count('stock', input.stock, 0);
  const reserved = count('reserved', input.reserved ?? 0, 0);
  const amount = count('amount', input.amount ?? 1, 1);
  const stored = input.status ?? null;
  if (
    stored !== null &&
    stored !== ITEM_STATUS.outOfStock &&
    stored !== ITEM_STATUS.inactive &&
    stored !== ITEM_STATUS.discontinued
  ) {
    throw new TypeError(
      `itemAvailability: unknown item status ${String(stored)} (null, 1, 0 or -1)`,
    );
  }
  const available = Math.max(0, stock - reserved);
  const status: ItemStatus | null =
    stored === ITEM_STATUS.inactive || stored === ITEM_STATUS.discontinued
      ? stored
      : stored === ITEM_STATUS.outOfStock || available <= 0
        ? ITEM_STATUS.outOfStock
        : null;

  let badReasonCode: BadReasonCode | null = null;
  if (status === ITEM_STATUS.inactive || status === ITEM_STATUS.discontinued) {
    badReasonCode = BAD_REASON.notAvailable;
  } else if (input.inPlan === false) {
    badReasonCode = BAD_REASON.notSupportedByPlan;
  } else if (status === ITEM_STATUS.outOfStock || available < amount) {
    badReasonCode = BAD_REASON.outOfStock;
  }
  return {
    status,
    available,
    orderable: badReasonCode === null,
    badReasonCode,
    flag: badReasonCode === null ? null : FLAG_OF[badReasonCode],
  };
}
