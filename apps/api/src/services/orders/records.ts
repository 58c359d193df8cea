/**
 * What every order module shares: the statuses that count as paid, the page size of the history,
 * and the lookups of an order that belongs to a customer (404 otherwise) or of the open draft.
 */
import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import type { DbOrTx } from '../../db/client.js';
import { orderEvents, orders, type products } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';

export const ORDER_PAGE_SIZE = 10;

/** Statuses of an order that has been paid (a payment was approved). */
export const PAID_STATUSES: readonly number[] = [
  ORDER_STATUS.paymentVerification,
  ORDER_STATUS.confirmed,
  ORDER_STATUS.packaging,
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
];

export type OrderRecord = typeof orders.$inferSelect;
export type ProductRecord = typeof products.$inferSelect;

/** The order of this customer, locked for the transaction when asked; 404 otherwise. */
export async function ownedOrder(exec: DbOrTx, customerId: number, orderId: number, lock = false) {
  const query = exec
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw errors.notFound();
  return order;
}

/** The customer's order while it is a draft; 409 `order_not_draft` once placed. */
export async function ownedDraft(exec: DbOrTx, customerId: number, orderId: number, lock = false) {
  const order = await ownedOrder(exec, customerId, orderId, lock);
  if (order.status !== ORDER_STATUS.draft) throw errors.conflict('order_not_draft');
  return order;
}

/** The customer's open draft, or null. */
export async function openDraft(exec: DbOrTx, customerId: number): Promise<OrderRecord | null> {
  const [draft] = await exec
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, ORDER_STATUS.draft)));
  return draft ?? null;
}

/** Records a status change of an order (its tracking history). */
export async function recordEvent(
  exec: DbOrTx,
  clock: Clock,
  orderId: number,
  status: number,
  note: string | null = null,
) {
  await exec.insert(orderEvents).values({ orderId, status, note, at: clock.now() });
}
