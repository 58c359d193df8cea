/**
 * The open draft (one per customer): created on demand, its rows (one SKU's amount, or all rows
 * at once), the promo code, and recalculation at current prices. Every answer is the order view.
 * Adding units is allowed while the SDK's `itemAvailability` says that many can be ordered (the plan does
 * not limit adding: such a row shows bad reason 2).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@otc/sdk';
import { itemAvailability } from '@otc/sdk/rules';
import { validatePromoCode } from '@otc/sdk/validation';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderRows, orders, products } from '../../db/schema.js';
import { HttpError, issue, validationError, type FieldIssue, type Lang } from '../../lib/errors.js';
import type { Promotions } from './promotions.js';
import { openDraft, ownedDraft, ownedOrder, type ProductRecord } from './records.js';
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

export function createDrafts(deps: { db: Db; view: OrderView; promotions: Promotions }) {
  const { db, promotions } = deps;
  const { view } = deps.view;

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

  return {
    prepareDraft,

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
          if (input.amount > (current?.amount ?? 0) && !canHold(product, input.amount)) {
            throw validationError({ amount: [issue('cannot_add_more')] });
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
        const fields: Record<string, FieldIssue[]> = {};
        const seen = new Set<number>();
        rows.forEach((row, i) => {
          const product = found.get(row.sku_id);
          if (!product || seen.has(row.sku_id)) {
            fields[`rows.${i}.sku_id`] = [issue(product ? 'wrong_format' : 'product_not_found')];
          } else if (row.amount > (previous.get(row.sku_id) ?? 0) && !canHold(product, row.amount)) {
            fields[`rows.${i}.amount`] = [issue('cannot_add_more')];
          }
          seen.add(row.sku_id);
        });
        if (Object.keys(fields).length > 0) throw validationError(fields);
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
            const promo = validatePromoCode(code) ? null : await promotions.find(tx, code);
            if (!promo) {
              throw new HttpError('promo_code_invalid', { fields: { promoCode: [issue('promo_code_invalid')] } });
            }
            stored = promo.code;
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
