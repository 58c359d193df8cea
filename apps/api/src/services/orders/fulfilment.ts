/**
 * Fulfilment: the operations that move a placed order on (run by `ops order:advance` and
 * `ops order:cancel`, services/order-commands.ts): packaging, shipped (a tracking number),
 * delivered, or cancelled. A cancelled unpaid order releases its reservation; a cancelled paid
 * one is restocked and refunded in the same transaction, once; either gives its promo code's use
 * back. A missing order or one in the wrong state throws an OperationError.
 */
import { eq } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { OperationError } from '../../lib/operation-error.js';
import type { PaymentsService } from '../payments.js';
import { recordEndedHold } from './holds.js';
import type { Inventory } from './inventory.js';
import { releasePromoUse } from './promotions.js';
import { cancellableUntil, recordEvent, type OrderRecord } from './records.js';

export function createFulfilment(deps: {
  db: Db;
  clock: Clock;
  inventory: Inventory;
  /** Refunds the payment of a cancelled order. */
  payments: Pick<PaymentsService, 'refund'>;
}) {
  const { db, clock, inventory } = deps;

  return {
    /** confirmed / paymentVerification -> packaging -> shipped (tracking number) -> delivered. */
    async advance(orderId: number) {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw new OperationError('missing', `order ${orderId} not found`);
        const now = clock.now();
        let status: number;
        const patch: Partial<OrderRecord> = {};
        switch (order.status) {
          case ORDER_STATUS.paymentVerification:
          case ORDER_STATUS.confirmed:
            status = ORDER_STATUS.packaging;
            break;
          case ORDER_STATUS.packaging: {
            status = ORDER_STATUS.shipped;
            const number = `1Z${String(order.id).padStart(6, '0')}${String(now.getTime()).slice(-8)}`;
            patch.trackingCarrier = 'UPS';
            patch.trackingNumber = number;
            patch.trackingUrl = `https://www.ups.com/track?tracknum=${number}`;
            break;
          }
          case ORDER_STATUS.shipped:
            status = ORDER_STATUS.delivered;
            patch.deliveredAt = now;
            break;
          default:
            throw new OperationError('state', `order ${orderId} cannot advance from status ${order.status}`);
        }
        const [updated] = await tx
          .update(orders)
          .set({ ...patch, status, updatedAt: now })
          .where(eq(orders.id, orderId))
          .returning();
        await recordEvent(tx, clock, orderId, status, patch.trackingNumber ? `UPS ${patch.trackingNumber}` : null);
        return updated!;
      });
    },

    /**
     * Cancels a placed order: an unpaid one releases its reservation; a paid one restocks and its
     * payment is refunded (recorded, with an order event), all in this transaction. The order row
     * is locked and a cancelled order cannot be cancelled again, so the refund happens once.
     *
     * The operations command cancels any order up to packaging. A customer (`asCustomer`) cancels
     * only an order of theirs (404 otherwise) that `cancellableUntil` allows now: unpaid, or paid
     * and not yet packaging within `windowMs` of paying (409 `order_not_cancellable` otherwise).
     */
    async cancel(orderId: number, asCustomer?: { customerId: number; windowMs: number }) {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (asCustomer) {
          if (!order || order.customerId !== asCustomer.customerId || order.status === ORDER_STATUS.draft) {
            // A draft (also an order whose hold ended: it is back in the cart) is not an order to cancel.
            if (order?.customerId === asCustomer.customerId) throw errors.conflict('order_not_cancellable');
            throw errors.notFound();
          }
          if (!cancellableUntil(order, clock.now(), asCustomer.windowMs)) throw errors.conflict('order_not_cancellable');
        }
        if (!order) throw new OperationError('missing', `order ${orderId} not found`);
        const unpaid = order.status === ORDER_STATUS.waitingForPayment;
        if (
          !unpaid &&
          order.status !== ORDER_STATUS.paymentVerification &&
          order.status !== ORDER_STATUS.confirmed &&
          order.status !== ORDER_STATUS.packaging
        ) {
          throw new OperationError('state', `order ${orderId} cannot be cancelled from status ${order.status}`);
        }
        const now = clock.now();
        const [updated] = await tx
          .update(orders)
          .set({ status: ORDER_STATUS.cancelled, cancelledAt: now, updatedAt: now })
          .where(eq(orders.id, orderId))
          .returning();
        await recordEvent(tx, clock, orderId, ORDER_STATUS.cancelled);
        // Whatever approved payment there is goes back (an unpaid order has none). Before the
        // stock: the refund may take the customer's row (the balance), and every path takes the
        // customer before products (holds.ts), so a cancel and a complete never wait on each other.
        const refund = await deps.payments.refund(tx, order);
        if (refund) {
          const card = refund.last4 ? ` card ending ${refund.last4}` : '';
          const note = refund.allowanceReturned
            ? `refunded ${fromCents(refund.amountCents)} to ${refund.method}${card}`
            : `refunded ${fromCents(refund.amountCents)} to ${refund.method}${card}; its benefit period had ended, so the allowance did not come back`;
          await recordEvent(tx, clock, orderId, ORDER_STATUS.cancelled, note);
        }
        if (unpaid) {
          // A hold ended unpaid: its items wait the cooldown before this customer holds them again.
          await recordEndedHold(tx, order, now);
          await inventory.release(tx, order.id);
        } else await inventory.restock(tx, order.id);
        // The promo code's use is given back: the customer can use the code again.
        await releasePromoUse(tx, order.id);
        return { order: updated!, refund };
      });
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
