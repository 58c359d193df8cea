/**
 * Inventory: EVERY change of a product's stock or reservations happens here, nowhere else.
 *   reserve  placing an order holds its units (stock - reserved never goes below 0)
 *   release  an unpaid order going back to draft or cancelled gives its units back
 *   sell     an approved payment turns the reserved units into sold ones (stock and reserved down)
 *   restock  a cancelled paid order puts its units back on hand
 *   setStock operations set the units on hand (never below what is reserved)
 * Rows are always visited in product id order, so two buyers of the same products never deadlock.
 * Each change is announced in its transaction (lib/public-data.ts): public answers show it.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { orderRows, products } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { OperationError } from '../../lib/operation-error.js';
import { announcePublicDataChange } from '../../lib/public-data.js';

export function createInventory(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function rowsOf(exec: DbOrTx, orderId: number) {
    return exec.select().from(orderRows).where(eq(orderRows.orderId, orderId)).orderBy(asc(orderRows.skuId));
  }

  return {
    /**
     * Holds the units of every row of an order, in the caller's transaction. Answers the product
     * id of the first row that cannot be held (nothing is held then: the caller rolls back), or null.
     */
    async reserve(tx: DbOrTx, orderId: number): Promise<number | null> {
      for (const row of await rowsOf(tx, orderId)) {
        const updated = await tx
          .update(products)
          .set({ reserved: sql`${products.reserved} + ${row.amount}` })
          .where(and(eq(products.id, row.skuId), sql`${products.stock} - ${products.reserved} >= ${row.amount}`))
          .returning({ id: products.id });
        if (updated.length === 0) return row.skuId;
      }
      await announcePublicDataChange(tx, 'stock');
      return null;
    },

    /** Gives back the units an unpaid order held. */
    async release(tx: DbOrTx, orderId: number) {
      for (const row of await rowsOf(tx, orderId)) {
        await tx
          .update(products)
          .set({ reserved: sql`greatest(${products.reserved} - ${row.amount}, 0)` })
          .where(eq(products.id, row.skuId));
      }
      await announcePublicDataChange(tx, 'stock');
    },

    /** The held units of a paid order are sold: they leave the stock and the reservations. */
    async sell(tx: DbOrTx, orderId: number) {
      for (const row of await rowsOf(tx, orderId)) {
        await tx
          .update(products)
          .set({
            stock: sql`${products.stock} - ${row.amount}`,
            reserved: sql`${products.reserved} - ${row.amount}`,
          })
          .where(eq(products.id, row.skuId));
      }
      await announcePublicDataChange(tx, 'stock');
    },

    /** The units of a cancelled paid order go back on hand. */
    async restock(tx: DbOrTx, orderId: number) {
      for (const row of await rowsOf(tx, orderId)) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${row.amount}` })
          .where(eq(products.id, row.skuId));
      }
      await announcePublicDataChange(tx, 'stock');
    },

    /**
     * Sets the units on hand of a product, by SKU code or id (`ops stock:set`) or by id only
     * (`{ id }`, the development route); never below what is reserved (OperationError).
     */
    async setStock(product: string | { id: number }, stock: number) {
      if (!Number.isInteger(stock) || stock < 0) throw new Error('stock must be a whole number >= 0');
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(products)
          .where(
            typeof product !== 'string'
              ? eq(products.id, product.id)
              : /^\d{1,9}$/.test(product)
                ? sql`${products.sku} = ${product} or ${products.id} = ${Number(product)}`
                : eq(products.sku, product),
          )
          .for('update');
        if (!found) {
          throw new OperationError('missing', `product ${typeof product === 'string' ? product : product.id} not found`);
        }
        if (stock < found.reserved) {
          throw new OperationError('state', `product ${found.sku} has ${found.reserved} units reserved; stock cannot go below that`);
        }
        const [updated] = await tx
          .update(products)
          .set({ stock, updatedAt: clock.now() })
          .where(eq(products.id, found.id))
          .returning();
        await announcePublicDataChange(tx, 'stock');
        return updated!;
      });
    },
  };
}

export type Inventory = ReturnType<typeof createInventory>;
