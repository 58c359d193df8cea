/**
 * Orders: the open draft (one per customer), its rows, recalculation, promo code, placing it
 * (stock reserved in one transaction), going back to draft, history and detail, delivery address
 * and the operations that move a placed order on (packaging, shipped, delivered, cancelled; a
 * cancelled paid order is refunded in the same transaction, once).
 *
 * Decisions (spec "not shown"):
 * - Shipping is free and tax is 0: OTC items bought with a health-plan benefit allowance are not
 *   taxed and the shop ships at no charge. Both stay columns of the order, so a rule can change.
 * - The minimum order is compared with the items subtotal before the promo discount, so a code
 *   never pushes a valid cart under the minimum.
 * - Bad reason codes: 3 not available (inactive / discontinued) wins over 2 not supported by the
 *   customer's plan, which wins over 1 out of stock (stock - reserved < amount, or status 1).
 *   A customer without a plan is not limited by plan.
 * - Totals leave rows with a bad reason code out (they cannot be ordered).
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { BAD_REASON, ORDER_STATUS } from '@otc/sdk';
import {
  canIncrement,
  cartIssues,
  estimateTotals,
  fromCents,
  meetsMinimumOrder,
  missingProfileFields,
  toCents,
} from '@otc/sdk/rules';
import type { Address, OrderDetail, OrderDraft, OrderSummary, ProductSummary } from '@otc/sdk/schemas';
import { MESSAGES as FIELD, validatePromoCode, validateState } from '@otc/sdk/validation';
import type { Db, DbOrTx } from '../db/client.js';
import {
  addresses,
  categories,
  customers,
  orderEvents,
  orderRows,
  orders,
  payments,
  productPlans,
  products,
  promoCodes,
  type AddressSnapshot,
} from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { errors, HttpError, validationError, type Lang } from '../lib/errors.js';
import type { CustomersService } from './customers.js';
import type { PaymentsService } from './payments.js';

export const ORDER_PAGE_SIZE = 10;
const NO_SUCH_PRODUCT = 'This product does not exist.';

/** Statuses of an order that has been paid (a payment was approved). */
export const PAID_STATUSES: readonly number[] = [
  ORDER_STATUS.paymentVerification,
  ORDER_STATUS.confirmed,
  ORDER_STATUS.packaging,
  ORDER_STATUS.shipped,
  ORDER_STATUS.delivered,
];

type OrderRecord = typeof orders.$inferSelect;
type ProductRecord = typeof products.$inferSelect;

interface LoadedRow {
  row: typeof orderRows.$inferSelect;
  product: ProductRecord;
  categoryName: string;
}

export function productSummary(p: ProductRecord, categoryName: string, lang: Lang): ProductSummary {
  const inStock = Math.max(0, p.stock - p.reserved);
  const status = (p.status ?? (inStock <= 0 ? 1 : null)) as ProductSummary['status'];
  return {
    id: p.id,
    name: lang === 'es' ? p.nameEs : p.nameEn,
    price: fromCents(p.priceCents),
    inStock,
    status,
    brand: p.brand,
    manufacturer: p.manufacturer,
    categoryId: p.categoryId,
    categoryName,
    mainImage: p.imagePath,
  };
}

function badReason(p: ProductRecord, amount: number, supported: boolean): 1 | 2 | 3 | null {
  if (p.status === 0 || p.status === -1) return BAD_REASON.notAvailable;
  if (!supported) return BAD_REASON.notSupportedByPlan;
  if (p.status === 1 || p.stock - p.reserved < amount) return BAD_REASON.outOfStock;
  return null;
}

function toAddress(a: AddressSnapshot | typeof addresses.$inferSelect): Address {
  return {
    id: a.id,
    address: a.address,
    address2: a.address2,
    city: a.city,
    state: a.state,
    zip: a.zip,
    facilityAddress: a.facilityAddress,
  };
}

export function createOrdersService(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  customers: CustomersService;
  /** Refunds the payment of a cancelled order. */
  payments: Pick<PaymentsService, 'refund'>;
}) {
  const { db, clock, config } = deps;

  async function event(exec: DbOrTx, orderId: number, status: number, note: string | null = null) {
    await exec.insert(orderEvents).values({ orderId, status, note, at: clock.now() });
  }

  /** The order of this customer, locked for the transaction when asked; 404 otherwise. */
  async function owned(exec: DbOrTx, customerId: number, orderId: number, lock = false) {
    const query = exec
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
    const [order] = lock ? await query.for('update') : await query;
    if (!order) throw errors.notFound();
    return order;
  }

  async function ownedDraft(exec: DbOrTx, customerId: number, orderId: number, lock = false) {
    const order = await owned(exec, customerId, orderId, lock);
    if (order.status !== ORDER_STATUS.draft) throw errors.conflict('order_not_draft');
    return order;
  }

  async function loadRows(exec: DbOrTx, orderId: number, lang: Lang): Promise<LoadedRow[]> {
    const rows = await exec
      .select({
        row: orderRows,
        product: products,
        nameEn: categories.nameEn,
        nameEs: categories.nameEs,
      })
      .from(orderRows)
      .innerJoin(products, eq(products.id, orderRows.skuId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(orderRows.orderId, orderId))
      .orderBy(asc(orderRows.id));
    return rows.map((r) => ({
      row: r.row,
      product: r.product,
      categoryName: lang === 'es' ? r.nameEs : r.nameEn,
    }));
  }

  async function supportedIds(exec: DbOrTx, customerId: number, productIds: number[]) {
    const [customer] = await exec
      .select({ planId: customers.healthPlanId })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer?.planId || productIds.length === 0) return null;
    const rows = await exec
      .select({ id: productPlans.productId })
      .from(productPlans)
      .where(and(eq(productPlans.planId, customer.planId), inArray(productPlans.productId, productIds)));
    return new Set(rows.map((r) => r.id));
  }

  async function promoPercents(exec: DbOrTx, code: string | null): Promise<Record<string, number>> {
    if (!code) return {};
    const promo = await findPromo(exec, code);
    return promo ? { [promo.code]: promo.percentOff } : {};
  }

  async function findPromo(exec: DbOrTx, code: string) {
    const now = clock.now();
    const [promo] = await exec
      .select()
      .from(promoCodes)
      .where(and(sql`lower(${promoCodes.code}) = lower(${code})`, eq(promoCodes.active, true)));
    if (!promo) return null;
    if (promo.validFrom && promo.validFrom > now) return null;
    if (promo.validTo && promo.validTo < now) return null;
    return promo;
  }

  /**
   * The answer for an order. A draft is priced at current prices with its rows' bad reason codes
   * (and, with `persist`, those prices and totals are stored); a placed order keeps its prices.
   */
  async function view(exec: DbOrTx, order: OrderRecord, lang: Lang, persist = false) {
    const isDraft = order.status === ORDER_STATUS.draft;
    const loaded = await loadRows(exec, order.id, lang);
    const supported = isDraft
      ? await supportedIds(exec, order.customerId, loaded.map((l) => l.product.id))
      : null;
    const rows = loaded.map(({ row, product, categoryName }) => {
      const unit = isDraft ? product.priceCents : row.unitPriceCents;
      const sku = productSummary(product, categoryName, lang);
      return {
        sku: { ...sku, price: fromCents(unit) },
        amount: row.amount,
        price: fromCents(unit * row.amount),
        badReasonCode: isDraft
          ? badReason(product, row.amount, supported === null || supported.has(product.id))
          : null,
        rowId: row.id,
        unit,
      };
    });
    const estimate = estimateTotals(rows, order.promoCode, {
      promoPercents: await promoPercents(exec, order.promoCode),
      excludeBadRows: true,
    });
    const shippingCents = 0;
    const taxCents = 0;
    const subtotalCents = toCents(estimate.subtotal);
    const discountCents = toCents(estimate.discount);
    const totalCents = toCents(estimate.total) + shippingCents + taxCents;
    if (persist && isDraft) {
      for (const r of rows) {
        await exec.update(orderRows).set({ unitPriceCents: r.unit }).where(eq(orderRows.id, r.rowId));
      }
      await exec
        .update(orders)
        .set({ subtotalCents, discountCents, shippingCents, taxCents, totalCents, updatedAt: clock.now() })
        .where(eq(orders.id, order.id));
    }
    let deliveryAddress: Address | null = null;
    if (!isDraft && order.deliveryAddress) deliveryAddress = toAddress(order.deliveryAddress);
    else if (order.deliveryAddressId) {
      const [a] = await exec.select().from(addresses).where(eq(addresses.id, order.deliveryAddressId));
      if (a && !a.deletedAt) deliveryAddress = toAddress(a);
    }
    const draft: OrderDraft = {
      id: order.id,
      rows: rows.map(({ sku, amount, price, badReasonCode }) => ({ sku, amount, price, badReasonCode })),
      price: fromCents(totalCents),
      itemsUnDiscountedSubtotal: estimate.itemsUnDiscountedSubtotal,
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
    };
    return { draft, cents: { subtotalCents, discountCents, shippingCents, taxCents, totalCents } };
  }

  async function openDraft(exec: DbOrTx, customerId: number) {
    const [draft] = await exec
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.status, ORDER_STATUS.draft)));
    return draft ?? null;
  }

  /** The open draft, created when none (the partial unique index keeps it one per customer). */
  async function prepareDraft(customerId: number, agentId: string | undefined) {
    const existing = await openDraft(db, customerId);
    if (existing) {
      if (agentId && agentId !== existing.agentId) {
        await db.update(orders).set({ agentId }).where(eq(orders.id, existing.id));
        return { ...existing, agentId };
      }
      return existing;
    }
    const inserted = await db
      .insert(orders)
      .values({ customerId, agentId: agentId ?? null, status: ORDER_STATUS.draft })
      .onConflictDoNothing({
        target: orders.customerId,
        where: sql`${orders.status} = 0`,
      })
      .returning();
    const created = inserted[0] ?? (await openDraft(db, customerId));
    if (!created) throw new Error('open draft vanished');
    return created;
  }

  async function productsById(exec: DbOrTx, ids: number[]) {
    if (ids.length === 0) return new Map<number, ProductRecord>();
    const rows = await exec.select().from(products).where(inArray(products.id, ids));
    return new Map(rows.map((p) => [p.id, p]));
  }

  /** Whether `amount` units may be held: the SDK's canIncrement from amount - 1. */
  function canHold(p: ProductRecord, amount: number) {
    const inStock = Math.max(0, p.stock - p.reserved);
    return canIncrement({ amount: amount - 1, sku: { inStock, status: p.status ?? null } }).allowed;
  }

  return {
    view,
    owned,

    async prepare(customerId: number, agentId: string | undefined, lang: Lang) {
      const order = await prepareDraft(customerId, agentId);
      return (await view(db, order, lang, true)).draft;
    },

    async setSkuAmount(
      customerId: number,
      orderId: number,
      input: { sku_id: number; amount: number; agentId?: string | undefined },
      lang: Lang,
    ) {
      return db.transaction(async (tx) => {
        const order = await ownedDraft(tx, customerId, orderId, true);
        const product = (await productsById(tx, [input.sku_id])).get(input.sku_id);
        if (!product) throw validationError({ sku_id: [NO_SUCH_PRODUCT] });
        const [current] = await tx
          .select()
          .from(orderRows)
          .where(and(eq(orderRows.orderId, order.id), eq(orderRows.skuId, input.sku_id)));
        if (input.amount === 0) {
          if (current) await tx.delete(orderRows).where(eq(orderRows.id, current.id));
        } else {
          if (input.amount > (current?.amount ?? 0) && !canHold(product, input.amount)) {
            throw validationError({ amount: [FIELD.cannotAddMore] });
          }
          if (current) {
            await tx.update(orderRows).set({ amount: input.amount }).where(eq(orderRows.id, current.id));
          } else {
            await tx.insert(orderRows).values({
              orderId: order.id,
              skuId: product.id,
              amount: input.amount,
              unitPriceCents: product.priceCents,
            });
          }
        }
        if (input.agentId) await tx.update(orders).set({ agentId: input.agentId }).where(eq(orders.id, order.id));
        return (await view(tx, order, lang, true)).draft;
      });
    },

    async setItems(customerId: number, orderId: number, rows: { sku_id: number; amount: number }[], lang: Lang) {
      return db.transaction(async (tx) => {
        const order = await ownedDraft(tx, customerId, orderId, true);
        const found = await productsById(tx, [...new Set(rows.map((r) => r.sku_id))]);
        const previous = new Map(
          (await tx.select().from(orderRows).where(eq(orderRows.orderId, order.id))).map((r) => [r.skuId, r.amount]),
        );
        const data: Record<string, string[]> = {};
        const seen = new Set<number>();
        rows.forEach((row, i) => {
          const product = found.get(row.sku_id);
          if (!product || seen.has(row.sku_id)) {
            data[`rows.${i}.sku_id`] = [product ? FIELD.wrongFormat : NO_SUCH_PRODUCT];
          } else if (row.amount > (previous.get(row.sku_id) ?? 0) && !canHold(product, row.amount)) {
            data[`rows.${i}.amount`] = [FIELD.cannotAddMore];
          }
          seen.add(row.sku_id);
        });
        if (Object.keys(data).length > 0) throw validationError(data);
        await tx.delete(orderRows).where(eq(orderRows.orderId, order.id));
        if (rows.length > 0) {
          await tx.insert(orderRows).values(
            rows.map((row) => ({
              orderId: order.id,
              skuId: row.sku_id,
              amount: row.amount,
              unitPriceCents: found.get(row.sku_id)!.priceCents,
            })),
          );
        }
        return (await view(tx, order, lang, true)).draft;
      });
    },

    async recalculate(customerId: number, orderId: number, lang: Lang) {
      const order = await owned(db, customerId, orderId);
      return (await view(db, order, lang, order.status === ORDER_STATUS.draft)).draft;
    },

    async setPromoCode(customerId: number, orderId: number, code: string | null | undefined, lang: Lang) {
      return db.transaction(async (tx) => {
        let order = await ownedDraft(tx, customerId, orderId, true);
        if (code !== undefined) {
          let stored: string | null = null;
          if (code !== null && code !== '') {
            const promo = validatePromoCode(code) ? null : await findPromo(tx, code);
            if (!promo) throw new HttpError(422, 'promo_code_invalid', undefined, { promoCode: [FIELD.promoCodeInvalid] });
            stored = promo.code;
          }
          await tx.update(orders).set({ promoCode: stored }).where(eq(orders.id, order.id));
          order = { ...order, promoCode: stored };
        }
        return (await view(tx, order, lang, true)).draft;
      });
    },

    /** Places the draft: every check of the spec, then stock reserved in this one transaction. */
    async complete(customerId: number, orderId: number, lang: Lang) {
      return db.transaction(async (tx) => {
        const order = await ownedDraft(tx, customerId, orderId, true);
        const { draft, cents } = await view(tx, order, lang, true);
        const issues = cartIssues(draft.rows);
        if (issues.blocked) {
          const data: Record<string, string[]> = {};
          draft.rows.forEach((row, i) => {
            if (row.badReasonCode !== null) data[`rows.${i}.sku_id`] = [FIELD.resolveOrderIssues];
          });
          throw new HttpError(422, 'order_has_issues', undefined, data);
        }
        const minimum = meetsMinimumOrder(draft.totals.subtotal, fromCents(config.minimumOrderCents));
        if (!minimum.ok || draft.rows.length === 0) {
          const qty = `$${minimum.minimum}`;
          throw new HttpError(422, 'minimum_order', { qty }, {
            total: [FIELD.minimumOrder.replace('{qty}', qty)],
          });
        }
        const address = draft.deliveryAddress;
        const stateIssue = address ? validateState(address.state, config.deliveryStates) : null;
        if (!address || stateIssue) {
          throw new HttpError(422, 'delivery_address_required', undefined, {
            deliveryAddress: [stateIssue?.message ?? 'Please choose a delivery address.'],
          });
        }
        const customer = await deps.customers.get(customerId, tx);
        const missing = missingProfileFields(customer, config.requiredProfileFields);
        if (missing.length > 0) {
          throw new HttpError(
            422,
            'profile_incomplete',
            undefined,
            Object.fromEntries(missing.map((field) => [field, [FIELD.required]])),
            { fields: missing },
          );
        }
        // Reserve in product id order (no deadlock between two buyers of the same products);
        // the conditional update never lets available stock go below zero.
        const rows = await tx
          .select()
          .from(orderRows)
          .where(eq(orderRows.orderId, order.id))
          .orderBy(asc(orderRows.skuId));
        for (const row of rows) {
          const updated = await tx
            .update(products)
            .set({ reserved: sql`${products.reserved} + ${row.amount}` })
            .where(and(eq(products.id, row.skuId), sql`${products.stock} - ${products.reserved} >= ${row.amount}`))
            .returning({ id: products.id });
          if (updated.length === 0) {
            const index = draft.rows.findIndex((r) => r.sku.id === row.skuId);
            throw new HttpError(422, 'order_has_issues', undefined, {
              [`rows.${index}.amount`]: [FIELD.cannotAddMore],
            });
          }
        }
        const now = clock.now();
        const [placed] = await tx
          .update(orders)
          .set({
            status: ORDER_STATUS.waitingForPayment,
            number: order.number ?? String(100000 + order.id),
            placedAt: now,
            updatedAt: now,
            deliveryAddress: { ...address },
            ...cents,
          })
          .where(eq(orders.id, order.id))
          .returning();
        await event(tx, order.id, ORDER_STATUS.waitingForPayment);
        return (await view(tx, placed!, lang)).draft;
      });
    },

    /** A placed, unpaid order becomes the open draft again; its reservation is released. */
    async backToDraft(customerId: number, orderId: number, lang: Lang) {
      return db.transaction(async (tx) => {
        const order = await owned(tx, customerId, orderId, true);
        if (order.status !== ORDER_STATUS.waitingForPayment) {
          throw new HttpError(422, 'order_not_waiting_for_payment', undefined, {
            status: ['This order is not waiting for payment.'],
          });
        }
        await releaseReservation(tx, order.id);
        // A draft opened since then is merged in (the larger amount wins) and removed.
        const other = await openDraft(tx, customerId);
        if (other) {
          const mine = new Map(
            (await tx.select().from(orderRows).where(eq(orderRows.orderId, order.id))).map((r) => [r.skuId, r]),
          );
          for (const row of await tx.select().from(orderRows).where(eq(orderRows.orderId, other.id))) {
            const same = mine.get(row.skuId);
            if (!same) {
              await tx.insert(orderRows).values({ orderId: order.id, skuId: row.skuId, amount: row.amount, unitPriceCents: row.unitPriceCents });
            } else if (row.amount > same.amount) {
              await tx.update(orderRows).set({ amount: row.amount }).where(eq(orderRows.id, same.id));
            }
          }
          await tx.delete(orders).where(eq(orders.id, other.id));
        }
        const [reopened] = await tx
          .update(orders)
          .set({ status: ORDER_STATUS.draft, placedAt: null, updatedAt: clock.now() })
          .where(eq(orders.id, order.id))
          .returning();
        await event(tx, order.id, ORDER_STATUS.draft, 'back to draft');
        return (await view(tx, reopened!, lang, true)).draft;
      });
    },

    async list(customerId: number, page: number) {
      const where = and(eq(orders.customerId, customerId), ne(orders.status, ORDER_STATUS.draft));
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await db
        .select({
          order: orders,
          items: sql<number>`(select coalesce(sum(${orderRows.amount}), 0)::int from ${orderRows} where ${orderRows.orderId} = ${orders.id})`,
        })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.placedAt), desc(orders.id))
        .limit(ORDER_PAGE_SIZE)
        .offset((page - 1) * ORDER_PAGE_SIZE);
      return {
        items: rows.map(({ order, items }) => summary(order, Number(items))),
        total: total?.n ?? 0,
        page,
        pageSize: ORDER_PAGE_SIZE,
      };
    },

    async detail(customerId: number, orderId: number, lang: Lang): Promise<OrderDetail> {
      const order = await owned(db, customerId, orderId);
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
      const itemCount = loaded.reduce((n, l) => n + l.row.amount, 0);
      return {
        ...summary(order, itemCount),
        products: loaded.map(({ row, product }) => ({
          sku_id: product.id,
          name: lang === 'es' ? product.nameEs : product.nameEn,
          image: product.imagePath,
          qty: row.amount,
          price: fromCents(row.unitPriceCents * row.amount),
          status: order.status,
          statusDate: lastAt.toISOString(),
          link: `/item/${product.id}`,
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
      };
    },

    async getDelivery(customerId: number) {
      const draft = await openDraft(db, customerId);
      if (!draft) return { orderId: null, address: null };
      let address: Address | null = null;
      if (draft.deliveryAddressId) {
        const [a] = await db
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, draft.deliveryAddressId), isNull(addresses.deletedAt)));
        if (a) address = toAddress(a);
      }
      return { orderId: draft.id, address };
    },

    async setDelivery(customerId: number, addressId: number, lang: Lang) {
      const [address] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId), isNull(addresses.deletedAt)));
      if (!address) throw errors.notFound();
      const stateIssue = validateState(address.state, config.deliveryStates);
      if (stateIssue) throw validationError({ addressId: [stateIssue.message] });
      const draft = await prepareDraft(customerId, undefined);
      const [updated] = await db
        .update(orders)
        .set({ deliveryAddressId: address.id, updatedAt: clock.now() })
        .where(eq(orders.id, draft.id))
        .returning();
      return (await view(db, updated!, lang, true)).draft;
    },

    // --- operations -----------------------------------------------------------------------

    /** confirmed / paymentVerification -> packaging -> shipped (tracking number) -> delivered. */
    async advance(orderId: number) {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw new Error(`order ${orderId} not found`);
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
            throw new Error(`order ${orderId} cannot advance from status ${order.status}`);
        }
        const [updated] = await tx
          .update(orders)
          .set({ ...patch, status, updatedAt: now })
          .where(eq(orders.id, orderId))
          .returning();
        await event(tx, orderId, status, patch.trackingNumber ? `UPS ${patch.trackingNumber}` : null);
        return updated!;
      });
    },

    /**
     * Cancels a placed order: an unpaid one releases its reservation; a paid one restocks and its
     * payment is refunded (recorded, with an order event), all in this transaction. The order row
     * is locked and a cancelled order cannot be cancelled again, so the refund happens once.
     */
    async cancel(orderId: number) {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw new Error(`order ${orderId} not found`);
        if (order.status === ORDER_STATUS.waitingForPayment) {
          await releaseReservation(tx, order.id);
        } else if (
          order.status === ORDER_STATUS.paymentVerification ||
          order.status === ORDER_STATUS.confirmed ||
          order.status === ORDER_STATUS.packaging
        ) {
          const rows = await tx.select().from(orderRows).where(eq(orderRows.orderId, order.id)).orderBy(asc(orderRows.skuId));
          for (const row of rows) {
            await tx
              .update(products)
              .set({ stock: sql`${products.stock} + ${row.amount}` })
              .where(eq(products.id, row.skuId));
          }
        } else {
          throw new Error(`order ${orderId} cannot be cancelled from status ${order.status}`);
        }
        const now = clock.now();
        const [updated] = await tx
          .update(orders)
          .set({ status: ORDER_STATUS.cancelled, cancelledAt: now, updatedAt: now })
          .where(eq(orders.id, orderId))
          .returning();
        await event(tx, orderId, ORDER_STATUS.cancelled);
        // Whatever approved payment there is goes back (an unpaid order has none).
        const refund = await deps.payments.refund(tx, order);
        if (refund) {
          const card = refund.last4 ? ` card ending ${refund.last4}` : '';
          await event(tx, orderId, ORDER_STATUS.cancelled, `refunded ${fromCents(refund.amountCents)} to ${refund.method}${card}`);
        }
        return { order: updated!, refund };
      });
    },

    /** Sets the units on hand of a product (by SKU code or id); never below what is reserved. */
    async setStock(sku: string, stock: number) {
      if (!Number.isInteger(stock) || stock < 0) throw new Error('stock must be a whole number >= 0');
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select()
          .from(products)
          .where(/^\d+$/.test(sku) ? sql`${products.sku} = ${sku} or ${products.id} = ${Number(sku)}` : eq(products.sku, sku))
          .for('update');
        if (!product) throw new Error(`product ${sku} not found`);
        if (stock < product.reserved) {
          throw new Error(`product ${product.sku} has ${product.reserved} units reserved; stock cannot go below that`);
        }
        const [updated] = await tx
          .update(products)
          .set({ stock, updatedAt: clock.now() })
          .where(eq(products.id, product.id))
          .returning();
        return updated!;
      });
    },
  };

  async function releaseReservation(tx: DbOrTx, orderId: number) {
    const rows = await tx.select().from(orderRows).where(eq(orderRows.orderId, orderId)).orderBy(asc(orderRows.skuId));
    for (const row of rows) {
      await tx
        .update(products)
        .set({ reserved: sql`greatest(${products.reserved} - ${row.amount}, 0)` })
        .where(eq(products.id, row.skuId));
    }
  }

  function summary(order: OrderRecord, itemCount: number): OrderSummary {
    return {
      id: order.id,
      number: order.number ?? '',
      placedAt: (order.placedAt ?? order.createdAt).toISOString(),
      total: fromCents(order.totalCents),
      status: order.status,
      itemCount,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
    };
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;
