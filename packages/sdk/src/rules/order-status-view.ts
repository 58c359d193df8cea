import { ORDER_STATUSES, type OrderStatusName } from '../constants/index.js';

export interface OrderStatusView {
  code: number;
  /** Status name (a message key for the UI), or 'unknown' for a code the shop does not define. */
  name: OrderStatusName | 'unknown';
  /** Colour token of the badge; unknown codes are slate. */
  color: string;
}

/** Name and colour of a numeric order status (architecture.md "Decisions"). */
export function orderStatusView(code: number): OrderStatusView {
  const found = ORDER_STATUSES.find((status) => status.code === code);
  return found
    ? { code, name: found.name, color: found.color }
    : { code, name: 'unknown', color: 'slate' };
}
