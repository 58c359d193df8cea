import { BAD_REASON } from '../constants/index.js';
import { MESSAGES } from '../validation/messages.js';

export interface IssueRow {
  sku: { id: number };
  badReasonCode: number | null;
}

export interface CartIssues {
  /** Some rows are out of stock (code 1). */
  outOfStock: boolean;
  /** Some rows are not supported by the health plan (code 2). */
  notSupportedByPlan: boolean;
  /** Some rows are not available to order (code 3). */
  notAvailable: boolean;
  /** sku ids per group, in row order. */
  ids: { outOfStock: number[]; notSupportedByPlan: number[]; notAvailable: number[] };
  /** Checkout is blocked: some row has a bad reason code. */
  blocked: boolean;
  /** The block message of the spec, or null. */
  message: string | null;
  /** sku ids whose rows get the "why are some items not eligible" hint (code 2). */
  eligibilityHintIds: number[];
}

/**
 * Groups the rows with a bad reason code (spec sections 5 and 8). An unknown non-null code
 * still blocks checkout (the server refused the row) without joining a group.
 */
export function cartIssues(rows: readonly IssueRow[]): CartIssues {
  const ids = {
    outOfStock: [] as number[],
    notSupportedByPlan: [] as number[],
    notAvailable: [] as number[],
  };
  let blocked = false;
  for (const row of rows) {
    if (row.badReasonCode === null || row.badReasonCode === undefined) continue;
    blocked = true;
    if (row.badReasonCode === BAD_REASON.outOfStock) ids.outOfStock.push(row.sku.id);
    else if (row.badReasonCode === BAD_REASON.notSupportedByPlan)
      ids.notSupportedByPlan.push(row.sku.id);
    else if (row.badReasonCode === BAD_REASON.notAvailable) ids.notAvailable.push(row.sku.id);
  }
  return {
    outOfStock: ids.outOfStock.length > 0,
    notSupportedByPlan: ids.notSupportedByPlan.length > 0,
    notAvailable: ids.notAvailable.length > 0,
    ids,
    blocked,
    message: blocked ? MESSAGES.resolveOrderIssues : null,
    eligibilityHintIds: [...ids.notSupportedByPlan],
  };
}
