/**
 * The open draft (one per customer): created on demand, its rows (one SKU's amount, units added to
 * one, or all rows at once), the guest cart merged in at sign-in, the promo code, and
 * recalculation at current prices. Every answer is the order view.
 * Adding units is allowed while the SDK's `itemAvailability` says that many can be ordered (the plan does
 * not limit adding: such a row shows bad reason 2), up to MAX_UNITS_PER_ITEM of one item (issue 32:
 * one order cannot take a scarce item's whole stock; 422 `max_units_per_item` with `{ max }`).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import { itemAvailability, itemLimitRefusal, mergeGuestCart } from '@otc/sdk/rules';
import { validatePromoCode } from '@otc/sdk/validation';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { orderRows, orders, products } from '../../db/schema.js';
import { HttpError, issue, validationError, type FieldIssue, type Lang } from '../../lib/errors.js';
import { periodLimitError, periodLimits, unitsLeft } from './period-limits.js';
import { promoRefusal, type Promotions } from './promotions.js';
import { lockOpenDraft, openDraft, ownedDraft, ownedOrder, type OrderRecord, type ProductRecord } from './records.js';
import type { OrderView } from './view.js';

async function productsById(exec: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, ProductRecord>();
  const rows = await exec.select().from(products).where(inArray(products.id, ids));
  return new Map(rows.map((p) => [p.id, p]));
}

/** Whether `amount` units of a product may be held in a draft. */
function canHold(p: ProductRecord, amount: number) {
  return itemAvailability({ ...p, amount }).orderable;
}

/** The field issue of `amount` units of one item past what an order may hold (`MAX_UNITS_PER_ITEM`, the SDK's `itemLimitRefusal`), or null. */
export function overItemLimit(amount: number, max: number): FieldIssue | null {
  const refusal = itemLimitRefusal({ amount, max });
  return refusal ? issue(refusal.code, refusal.params) : null;
}

/**
 * A 422 of these field issues: `max_units_per_item` with its `{ max }` when that is every issue
 * (one rule refused), else `validation_failed`.
 */
export function draftRowsError(fields: Record<string, FieldIssue[]>): HttpError {
  const all = Object.values(fields).flat();
  const limit = all[0]?.code === 'max_units_per_item' && all.every((i) => i.code === 'max_units_per_item') ? all[0] : null;
  if (!limit?.params) return validationError(fields);
  return new HttpError('max_units_per_item', { params: limit.params, extra: { params: limit.params }, fields });
}

export function createDrafts(deps: { db: Db; clock: Clock; view: OrderView; promotions: Promotions; maxUnitsPerItem: number }) {
  const { db, clock, promotions, maxUnitsPerItem: maxUnits } = deps;

  /**
   * The plan's per-period limit (issue 31) on rows raised to `amount` (`field(i)` names a row):
   * throws `period_limit_reached` with `{ limit, left }` when one holds more than the period
   * leaves. Rows not raised are not refused (a limit lowered since is checked when placing).
   */
  async function checkPeriodLimits(
    tx: DbOrTx,
    customerId: number,
    rows: readonly { skuId: number; had: number; amount: number }[],
    field: (index: number) => string,
  ) {
    const raised = rows.filter((row) => row.amount > row.had);
    if (raised.length === 0) return;
    const limits = await periodLimits(tx, customerId, raised.map((row) => row.skuId), clock.now());
    // What is left counts the row's units already in the cart: the refusal's `left` is what can
    // still be added, as the item page and the cart row say.
    const withCart = new Map([...limits].map(([skuId, limit]) => [skuId, { ...limit, ordered: limit.ordered + (raised.find((r) => r.skuId === skuId)?.had ?? 0) }]));
    const added = raised.map((row) => ({ skuId: row.skuId, amount: row.amount - row.had }));
    const refused = periodLimitError(added, withCart, (i) => field(rows.indexOf(raised[i]!)));
    if (refused) throw refused;
  }
  const { view } = deps.view;

  /** The issue of raising a row from `had` to `amount` units, or null: the item limit, then stock. */
  function raiseIssue(product: ProductRecord, had: number, amount: number): FieldIssue | null {
    if (amount <= had) return null;
    return overItemLimit(amount, maxUnits) ?? (canHold(product, amount) ? null : issue('cannot_add_more'));
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
      .onConflictDoNothing({ target: orders.customerId, where: sql`${orders.status} = 0` })
      .returning();
    const created = inserted[0] ?? (await openDraft(db, customerId));
    if (!created) throw new Error('open draft vanished');
    return created;
  }

  /**
   * The open draft locked for the caller's transaction, created when none: writes that add to it
   * (addToDraft, mergeIntoDraft) run one after the other, and a sweep merging it elsewhere waits.
   */
  async function lockedDraft(tx: Tx, customerId: number, agentId: string | undefined): Promise<OrderRecord> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const found = await lockOpenDraft(tx, customerId);
      if (found) {
        if (agentId && agentId !== found.agentId) {
          await tx.update(orders).set({ agentId }).where(eq(orders.id, found.id));
          return { ...found, agentId };
        }
        return found;
      }
      // A draft inserted meanwhile by another request makes this insert do nothing; the next
      // look (a new statement) sees it.
      const [created] = await tx
        .insert(orders)
        .values({ customerId, agentId: agentId ?? null, status: ORDER_STATUS.draft })
        .onConflictDoNothing({ target: orders.customerId, where: sql`${orders.status} = 0` })
        .returning();
      if (created) return created;
    }
    throw new Error('open draft vanished');
  }

  return {
    prepareDraft,

    /**
     * Adds `amount` units of one product to the open draft (created when none), in one
     * transaction: the row is upserted as `amount = amount + n` under the draft's lock, so two
     * tabs adding at once keep both units. Refuses (422 `cannot_add_more` on `amount`) past what
     * can be ordered, as setting the amount does.
     */
    async addToDraft(
      customerId: number,
      input: { sku_id: number; amount: number; agentId?: string | undefined },
      lang: Lang,
    ) {
      return db.transaction(async (tx) => {
        const order = await lockedDraft(tx, customerId, input.agentId);
        const product = (await productsById(tx, [input.sku_id])).get(input.sku_id);
        if (!product) throw validationError({ sku_id: [issue('product_not_found')] });
        const [current] = await tx
          .select({ amount: orderRows.amount })
          .from(orderRows)
          .where(and(eq(orderRows.orderId, order.id), eq(orderRows.skuId, input.sku_id)));
        const refused = raiseIssue(product, current?.amount ?? 0, (current?.amount ?? 0) + input.amount);
        if (refused) throw draftRowsError({ amount: [refused] });
        await checkPeriodLimits(tx, customerId, [{ skuId: product.id, had: current?.amount ?? 0, amount: (current?.amount ?? 0) + input.amount }], () => 'amount');
        await tx
          .insert(orderRows)
          .values({ orderId: order.id, skuId: product.id, amount: input.amount, unitPriceCents: product.priceCents })
          .onConflictDoUpdate({
            target: [orderRows.orderId, orderRows.skuId],
            set: { amount: sql`${orderRows.amount} + ${input.amount}` },
          });
        return (await view(tx, order, lang, true)).draft;
      });
    },

    /**
     * The guest cart merged into the open draft at sign-in, in one transaction, by the SDK's
     * `mergeGuestCart` with what can be ordered now: a draft row is never lowered or dropped, a
     * guest amount above stock becomes the most that can be ordered (`limited`), guest rows of
     * unknown products or of products that cannot be ordered at all are `dropped`.
     */
    async mergeIntoDraft(
      customerId: number,
      input: { rows: { sku_id: number; amount: number }[]; agentId?: string | undefined },
      lang: Lang,
    ) {
      return db.transaction(async (tx) => {
        const order = await lockedDraft(tx, customerId, input.agentId);
        const current = await tx
          .select({ sku_id: orderRows.skuId, amount: orderRows.amount })
          .from(orderRows)
          .where(eq(orderRows.orderId, order.id))
          .orderBy(asc(orderRows.id));
        const found = await productsById(tx, [...new Set(input.rows.map((r) => r.sku_id))]);
        // What can be ordered of each guest product, by the SDK's one availability rule.
        const units = new Map<number, number>();
        const unorderable = new Set<number>();
        const limits = await periodLimits(tx, customerId, [...found.keys()], clock.now());
        for (const product of found.values()) {
          const availability = itemAvailability({ ...product, amount: 1 });
          // At most what one order may hold of an item and what the plan's period leaves (issue
          // 31): more becomes `limited`, as stock does.
          units.set(product.id, Math.min(availability.available, maxUnits, unitsLeft(limits.get(product.id)) ?? Infinity));
          if (!availability.orderable) unorderable.add(product.id);
        }
        const merged = mergeGuestCart(current, input.rows, { units, unorderable });
        const before = new Map(current.map((r) => [r.sku_id, r.amount]));
        for (const row of merged.rows) {
          const had = before.get(row.sku_id);
          if (had === undefined) {
            await tx.insert(orderRows).values({
              orderId: order.id,
              skuId: row.sku_id,
              amount: row.amount,
              unitPriceCents: found.get(row.sku_id)!.priceCents,
            });
          } else if (row.amount > had) {
            await tx
              .update(orderRows)
              .set({ amount: row.amount })
              .where(and(eq(orderRows.orderId, order.id), eq(orderRows.skuId, row.sku_id)));
          }
        }
        const draft = (await view(tx, order, lang, true)).draft;
        const { changed, added, raised, limited, dropped } = merged;
        return { draft, changed, added, raised, limited, dropped };
      });
    },

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
        if (!product) throw validationError({ sku_id: [issue('product_not_found')] });
        const [current] = await tx
          .select()
          .from(orderRows)
          .where(and(eq(orderRows.orderId, order.id), eq(orderRows.skuId, input.sku_id)));
        if (input.amount === 0) {
          if (current) await tx.delete(orderRows).where(eq(orderRows.id, current.id));
        } else {
          const refused = raiseIssue(product, current?.amount ?? 0, input.amount);
          if (refused) throw draftRowsError({ amount: [refused] });
          await checkPeriodLimits(tx, customerId, [{ skuId: product.id, had: current?.amount ?? 0, amount: input.amount }], () => 'amount');
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
        const fields: Record<string, FieldIssue[]> = {};
        const seen = new Set<number>();
        rows.forEach((row, i) => {
          const product = found.get(row.sku_id);
          if (!product || seen.has(row.sku_id)) {
            fields[`rows.${i}.sku_id`] = [issue(product ? 'wrong_format' : 'product_not_found')];
          } else {
            const refused = raiseIssue(product, previous.get(row.sku_id) ?? 0, row.amount);
            if (refused) fields[`rows.${i}.amount`] = [refused];
          }
          seen.add(row.sku_id);
        });
        if (Object.keys(fields).length > 0) throw draftRowsError(fields);
        await checkPeriodLimits(
          tx,
          customerId,
          rows.map((row) => ({ skuId: row.sku_id, had: previous.get(row.sku_id) ?? 0, amount: row.amount })),
          (i) => `rows.${i}.amount`,
        );
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
      const order = await ownedOrder(db, customerId, orderId);
      return (await view(db, order, lang, order.status === ORDER_STATUS.draft)).draft;
    },

    async setPromoCode(customerId: number, orderId: number, code: string | null | undefined, lang: Lang) {
      return db.transaction(async (tx) => {
        let order = await ownedDraft(tx, customerId, orderId, true);
        if (code !== undefined) {
          let stored: string | null = null;
          if (code !== null && code !== '') {
            if (validatePromoCode(code)) {
              throw new HttpError('promo_code_invalid', { fields: { promoCode: [issue('promo_code_invalid')] } });
            }
            // The precise refusal: unknown, not started (from when), expired, used by this
            // customer as often as it may be, every use taken (complete checks again, locked).
            const checked = await promotions.check(tx, code, { customerId, orderId: order.id });
            if (!checked.ok) throw promoRefusal(checked);
            stored = checked.promo.code;
          }
          await tx.update(orders).set({ promoCode: stored }).where(eq(orders.id, order.id));
          order = { ...order, promoCode: stored };
        }
        return (await view(tx, order, lang, true)).draft;
      });
    },
  };
}

export type Drafts = ReturnType<typeof createDrafts>;
