/**
 * What every order module shares: the statuses that count as paid, the page size of the history,
 * and the lookups of an order that belongs to a customer (404 otherwise) or of the open draft.
 */
import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import type { DbOrTx } from '../../db/client.js';
import { customers, orderEvents, orders, type products } from '../../db/schema.js';
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

/**
 * Locks the customer's row for the transaction: complete (one unpaid order per customer), back to
 * draft and the sweep of ended holds take it, so they run one after the other for one customer.
 * `NO KEY UPDATE`: inserting rows that reference the customer (a new draft) is not blocked.
 */
export async function lockCustomer(tx: DbOrTx, customerId: number) {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('no key update');
}

/** The customer's open draft, locked for the transaction, or null. */
export async function lockOpenDraft(tx: DbOrTx, customerId: number): Promise<OrderRecord | null> {
  const [draft] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, ORDER_STATUS.draft)))
    .for('update');
  return draft ?? null;
}

/** Paid and not yet packaging: the statuses a customer may cancel within the window after paying. */
const CANCELLABLE_PAID: readonly number[] = [ORDER_STATUS.paymentVerification, ORDER_STATUS.confirmed];

/**
 * Until when the customer may cancel an order: an unpaid one until its hold ends, a paid one not
 * yet packaging until `windowMs` after paying; null when it cannot be cancelled now.
 */
export function cancellableUntil(
  order: Pick<OrderRecord, 'status' | 'payableUntil' | 'paidAt'>,
  now: Date,
  windowMs: number,
): Date | null {
  let until: Date | null = null;
  if (order.status === ORDER_STATUS.waitingForPayment) until = order.payableUntil;
  else if (CANCELLABLE_PAID.includes(order.status) && order.paidAt && windowMs > 0) {
    until = new Date(order.paidAt.getTime() + windowMs);
  }
  return until && until > now ? until : null;
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
