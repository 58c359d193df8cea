/**
 * Shaping an order for answers. A draft is priced at current prices with each row's bad reason
 * code (from the SDK's `itemAvailability`), and with `persist` those prices and totals are stored; a placed
 * order keeps the prices it was placed with. Money is integer cents throughout and formatted once,
 * with the SDK's `fromCents`; a draft's promo discount is the SDK's `percentOfCents` of the subtotal
 * at the percent of the promo's database row when the customer may use the code now (promotions.ts
 * `check`), else nothing; a placed order answers the totals stored when it was placed.
 *
 * Decisions (spec "not shown"):
 * - Shipping is free and tax is 0: OTC items bought with a health-plan benefit allowance are not
 *   taxed and the shop ships at no charge. Both stay columns of the order, so a rule can change.
 * - Totals leave rows with a bad reason code out (they cannot be ordered).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import { fromCents, itemAvailability, percentOfCents } from '@otc/sdk/rules';
import type { Address, OrderDraft, OrderSummary, PendingOrder, ProductSummary } from '@otc/sdk/schemas';
import type { DbOrTx } from '../../db/client.js';
import { addresses, categories, orderRows, orders, products } from '../../db/schema.js';
import { periodLimitView, periodLimits } from './period-limits.js';
import type { Clock } from '../../lib/clock.js';
import type { Lang } from '../../lib/errors.js';
import { pictureInLanguage } from '@otc/sdk/rules';
import { toAddress } from '../addresses.js';
import { toSummary } from '../catalog.js';
import { coveredAmong, customerPlan } from '../coverage.js';
import { cancellableUntil, type OrderRecord, type ProductRecord } from './records.js';
import type { Promotions } from './promotions.js';

export interface LoadedRow {
  row: typeof orderRows.$inferSelect;
  product: ProductRecord;
  categoryName: string;
}

/** A product as an order row's `sku`: the catalog's summary of it. */
export function productSummary(p: ProductRecord, categoryName: string, lang: Lang): ProductSummary {
  return toSummary({
    id: p.id,
    name: lang === 'es' ? p.nameEs : p.nameEn,
    price_cents: p.priceCents,
    stock: p.stock,
    reserved: p.reserved,
    status: p.status,
    brand: p.brand,
    manufacturer: p.manufacturer,
    category_id: p.categoryId,
    category_name: categoryName,
    image_path: pictureInLanguage(p.imagePath, lang),
  });
}

/**
 * The list entry of a placed order. `now` and the cancel window (ms) decide `cancellableUntil`;
 * `payableUntil` shows only while the order waits for payment.
 */
export function orderSummary(order: OrderRecord, itemCount: number, now: Date, cancelWindowMs: number): OrderSummary {
  const payable = order.status === ORDER_STATUS.waitingForPayment ? order.payableUntil : null;
  return {
    id: order.id,
    number: order.number ?? '',
    placedAt: (order.placedAt ?? order.createdAt).toISOString(),
    total: fromCents(order.totalCents),
    status: order.status,
    itemCount,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    payableUntil: payable?.toISOString() ?? null,
    cancellableUntil: cancellableUntil(order, now, cancelWindowMs)?.toISOString() ?? null,
    cancelledAt: order.status === ORDER_STATUS.cancelled ? (order.cancelledAt?.toISOString() ?? null) : null,
    holdEndsWithPeriod: payable !== null && holdEndsAtPeriodEnd(payable),
  };
}

/**
 * Whether a hold ends at a benefit period's end (issue 31): periods are calendar months or
 * quarters (UTC), so they end at 00:00 UTC of a month's first day, where a hold of minutes from
 * placing practically never ends to the millisecond.
 */
function holdEndsAtPeriodEnd(until: Date): boolean {
  return until.getUTCDate() === 1 && until.getTime() % 86_400_000 === 0;
}

/**
 * The customer's placed order that waits for payment (the newest hold, should an ended one not
 * be swept yet), as the draft shows it; null when none.
 */
async function pendingOrderOf(exec: DbOrTx, customerId: number): Promise<PendingOrder | null> {
  const [order] = await exec
    .select({
      id: orders.id,
      number: orders.number,
      totalCents: orders.totalCents,
      payableUntil: orders.payableUntil,
      placedAt: orders.placedAt,
    })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, ORDER_STATUS.waitingForPayment)))
    .orderBy(desc(orders.payableUntil), desc(orders.id))
    .limit(1);
  if (!order) return null;
  const [units] = await exec
    .select({ n: sql<number>`coalesce(sum(${orderRows.amount}), 0)::int` })
    .from(orderRows)
    .where(eq(orderRows.orderId, order.id));
  return {
    id: order.id,
    number: order.number ?? String(100000 + order.id),
    total: fromCents(order.totalCents),
    itemCount: Number(units?.n ?? 0),
    // Every placed order has a hold (complete sets it; migration 0008 gave older ones theirs).
    payableUntil: (order.payableUntil ?? order.placedAt ?? new Date(0)).toISOString(),
  };
}

/**
 * The bad reason of each row of a PLACED order as if it were placed now (pay checks again what
 * complete checked): the product's status and stock, counting the units this order already holds
 * as its own. Not the customer's saved plan: at pay the paying card's plan decides (issue 32,
 * services/payments.ts), and switching the profile's plan changes nothing about it. Rows in the
 * order's row order (as `loadRows`).
 */
export async function placedRowIssues(exec: DbOrTx, order: Pick<OrderRecord, 'id'>) {
  const rows = await exec
    .select({ skuId: orderRows.skuId, amount: orderRows.amount, product: products })
    .from(orderRows)
    .innerJoin(products, eq(products.id, orderRows.skuId))
    .where(eq(orderRows.orderId, order.id))
    .orderBy(asc(orderRows.id));
  return rows.map(({ skuId, amount, product }) => ({
    skuId,
    amount,
    badReasonCode: itemAvailability({
      ...product,
      // The order's own units are among the reserved ones: they are not taken from it.
      reserved: Math.max(0, product.reserved - amount),
      inPlan: true,
      amount,
    }).badReasonCode,
  }));
}

/** The rows of an order with their products and category names, in the order they were added. */
export async function loadRows(exec: DbOrTx, orderId: number, lang: Lang): Promise<LoadedRow[]> {
  const rows = await exec
    .select({ row: orderRows, product: products, nameEn: categories.nameEn, nameEs: categories.nameEs })
    .from(orderRows)
    .innerJoin(products, eq(products.id, orderRows.skuId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(orderRows.orderId, orderId))
    .orderBy(asc(orderRows.id));
  return rows.map((r) => ({ row: r.row, product: r.product, categoryName: lang === 'es' ? r.nameEs : r.nameEn }));
}

/** Ids among `productIds` the customer's plan covers; null when the customer has no plan (no limit). */
async function coveredIds(exec: DbOrTx, customerId: number, productIds: number[]) {
  // The one coverage rule (services/coverage.ts), as the catalog's and search's marks read it.
  const plan = await customerPlan(exec, customerId);
  if (!plan || productIds.length === 0) return null;
  return coveredAmong(exec, plan.id, productIds);
}

export interface OrderCents {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export function createOrderView(deps: { clock: Clock; promotions: Promotions }) {
  const { clock, promotions } = deps;

  /** The answer for an order (and its totals in cents); `persist` stores a draft's prices and totals. */
  async function view(exec: DbOrTx, order: OrderRecord, lang: Lang, persist = false) {
    const isDraft = order.status === ORDER_STATUS.draft;
    const loaded = await loadRows(exec, order.id, lang);
    const covered = isDraft ? await coveredIds(exec, order.customerId, loaded.map((l) => l.product.id)) : null;
    // The plan's per-period limits of the draft's items (issue 31): the cart says what is left.
    const limits = isDraft ? await periodLimits(exec, order.customerId, loaded.map((l) => l.product.id), clock.now()) : null;
    const rows = loaded.map(({ row, product, categoryName }) => {
      const unitCents = isDraft ? product.priceCents : row.unitPriceCents;
      const badReasonCode = isDraft
        ? itemAvailability({ ...product, inPlan: covered === null || covered.has(product.id), amount: row.amount })
            .badReasonCode
        : null;
      return { row, product, categoryName, unitCents, lineCents: unitCents * row.amount, badReasonCode };
    });
    let cents: OrderCents;
    if (isDraft) {
      const subtotalCents = rows.reduce((n, r) => (r.badReasonCode === null ? n + r.lineCents : n), 0);
      // A code this customer cannot use now (ended, not started, used, used up) takes nothing off.
      const promo = order.promoCode
        ? await promotions.check(exec, order.promoCode, { customerId: order.customerId, orderId: order.id })
        : null;
      const discountCents = percentOfCents(subtotalCents, promo?.ok ? promo.promo.percentOff : 0);
      const shippingCents = 0;
      const taxCents = 0;
      const totalCents = subtotalCents - discountCents + shippingCents + taxCents;
      cents = { subtotalCents, discountCents, shippingCents, taxCents, totalCents };
    } else {
      // A placed order keeps the totals it was placed with (its discount too, whatever became
      // of the code since).
      const { subtotalCents, discountCents, shippingCents, taxCents, totalCents } = order;
      cents = { subtotalCents, discountCents, shippingCents, taxCents, totalCents };
    }
    const { subtotalCents, discountCents, shippingCents, taxCents, totalCents } = cents;
    if (persist && isDraft) {
      // Only what changed is written: every member page reads the cart (the header's count), and
      // a read wrote each row and the order every time (issue 29 bench: 2 to 4 rows a page view).
      for (const r of rows) {
        if (r.row.unitPriceCents === r.unitCents) continue;
        await exec.update(orderRows).set({ unitPriceCents: r.unitCents }).where(eq(orderRows.id, r.row.id));
      }
      // As stored now (the record handed in may predate a write of the same transaction).
      const [stored] = await exec
        .select({
          subtotalCents: orders.subtotalCents,
          discountCents: orders.discountCents,
          shippingCents: orders.shippingCents,
          taxCents: orders.taxCents,
          totalCents: orders.totalCents,
        })
        .from(orders)
        .where(eq(orders.id, order.id));
      if (!stored || (Object.keys(cents) as (keyof OrderCents)[]).some((key) => cents[key] !== stored[key])) {
        await exec
          .update(orders)
          .set({ ...cents, updatedAt: clock.now() })
          .where(eq(orders.id, order.id));
      }
    }
    let deliveryAddress: Address | null = null;
    if (!isDraft && order.deliveryAddress) deliveryAddress = toAddress(order.deliveryAddress);
    else if (order.deliveryAddressId) {
      const [a] = await exec.select().from(addresses).where(eq(addresses.id, order.deliveryAddressId));
      if (a && !a.deletedAt) deliveryAddress = toAddress(a);
    }
    const draft: OrderDraft = {
      id: order.id,
      rows: rows.map((r) => ({
        sku: { ...productSummary(r.product, r.categoryName, lang), price: fromCents(r.unitCents) },
        amount: r.row.amount,
        price: fromCents(r.lineCents),
        badReasonCode: r.badReasonCode,
        ...(limits ? { periodLimit: periodLimitView(limits.get(r.product.id), r.row.amount) } : {}),
      })),
      price: fromCents(totalCents),
      itemsUnDiscountedSubtotal: fromCents(subtotalCents),
      promoCode: order.promoCode,
      status: order.status,
      totals: {
        subtotal: fromCents(subtotalCents),
        discount: fromCents(discountCents),
        shipping: fromCents(shippingCents),
        tax: fromCents(taxCents),
        total: fromCents(totalCents),
      },
      deliveryAddress,
      // Every draft answer says where the customer's unpaid order is (the cart is never "empty"
      // while an order holds the items); placed orders answer null.
      pendingOrder: isDraft ? await pendingOrderOf(exec, order.customerId) : null,
    };
    return { draft, cents };
  }

  return { view };
}

export type OrderView = ReturnType<typeof createOrderView>;
