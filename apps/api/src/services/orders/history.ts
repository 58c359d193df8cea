/**
 * A customer's placed orders: the list (a page, newest first, each with its number of units) and
 * one order's detail (products, tracking, events, billing, payment).
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import { fromCents, productPath } from '@otc/sdk/rules';
import type { OrderDetail } from '@otc/sdk/schemas';
import type { Db } from '../../db/client.js';
import type { AppConfig } from '../../env.js';
import type { Clock } from '../../lib/clock.js';
import { orderEvents, orderRows, orders, payments } from '../../db/schema.js';
import { errors, type Lang } from '../../lib/errors.js';
import { pictureInLanguage } from '@otc/sdk/rules';
import { toAddress } from '../addresses.js';
import { ORDER_PAGE_SIZE, ownedOrder } from './records.js';
import { loadRows, orderSummary } from './view.js';

export function createHistory(deps: { db: Db; clock: Clock; config: Pick<AppConfig, 'orderCancelMs'> }) {
  const { db, clock, config } = deps;

  /** Units per order (the sum of its rows' amounts), for the given orders. */
  async function unitCounts(orderIds: number[]): Promise<Map<number, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .select({ orderId: orderRows.orderId, units: sql<number>`sum(${orderRows.amount})::int` })
      .from(orderRows)
      .where(inArray(orderRows.orderId, orderIds))
      .groupBy(orderRows.orderId);
    return new Map(rows.map((r) => [r.orderId, Number(r.units)]));
  }

  return {
    async list(customerId: number, page: number) {
      const where = and(eq(orders.customerId, customerId), ne(orders.status, ORDER_STATUS.draft));
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.placedAt), desc(orders.id))
        .limit(ORDER_PAGE_SIZE)
        .offset((page - 1) * ORDER_PAGE_SIZE);
      const units = await unitCounts(rows.map((o) => o.id));
      const now = clock.now();
      return {
        items: rows.map((order) => orderSummary(order, units.get(order.id) ?? 0, now, config.orderCancelMs)),
        total: total?.n ?? 0,
        page,
        pageSize: ORDER_PAGE_SIZE,
      };
    },

    async detail(customerId: number, orderId: number, lang: Lang): Promise<OrderDetail> {
      const order = await ownedOrder(db, customerId, orderId);
      if (order.status === ORDER_STATUS.draft || !order.number) throw errors.notFound();
      const loaded = await loadRows(db, order.id, lang);
      const events = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id));
      const lastAt = events.at(-1)?.at ?? order.placedAt ?? order.createdAt;
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')));
      const [refund] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'refunded')));
      const itemCount = loaded.reduce((n, l) => n + l.row.amount, 0);
      return {
        ...orderSummary(order, itemCount, clock.now(), config.orderCancelMs),
        products: loaded.map(({ row, product }) => ({
          sku_id: product.id,
          name: lang === 'es' ? product.nameEs : product.nameEn,
          image: pictureInLanguage(product.imagePath, lang),
          qty: row.amount,
          price: fromCents(row.unitPriceCents * row.amount),
          status: order.status,
          statusDate: lastAt.toISOString(),
          link: productPath(product.id),
        })),
        tracking:
          order.trackingNumber && order.trackingCarrier
            ? { carrier: order.trackingCarrier, number: order.trackingNumber, url: order.trackingUrl }
            : null,
        events: events.map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note })),
        billing: {
          subtotal: fromCents(order.subtotalCents),
          discount: fromCents(order.discountCents),
          shipping: fromCents(order.shippingCents),
          tax: fromCents(order.taxCents),
          total: fromCents(order.totalCents),
        },
        payment: payment
          ? {
              code: payment.method as NonNullable<OrderDetail['payment']>['code'],
              last4: payment.last4,
              paidAt: (order.paidAt ?? payment.createdAt).toISOString(),
            }
          : null,
        paidBy: order.paidBy,
        promoCode: order.promoCode,
        deliveryAddress: order.deliveryAddress ? toAddress(order.deliveryAddress) : null,
        refund: refund
          ? {
              amount: fromCents(refund.amountCents),
              code: refund.method as NonNullable<OrderDetail['refund']>['code'],
              last4: refund.last4,
              at: refund.createdAt.toISOString(),
              allowanceReturned: refund.errorCode !== 'allowance_expired',
            }
          : null,
      };
    },
  };
}

export type History = ReturnType<typeof createHistory>;
