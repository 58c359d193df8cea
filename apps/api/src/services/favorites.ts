/**
 * Favorites of the signed-in customer: product summaries, newest first. Adding is idempotent and
 * answers 404 for an unknown product; removing a product that is not a favorite is a no-op. Every
 * call answers the whole list, in the caller's language.
 */
import type { ProductSummary } from '@otc/sdk';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { errors, type Lang } from '../lib/errors.js';
import { rowsOf, summaryColumns, toSummary, type SummaryRow } from './catalog.js';

export function createFavoritesService({ db }: { db: Db }) {
  async function list(customerId: number, lang: Lang): Promise<ProductSummary[]> {
    const rows = rowsOf<SummaryRow>(
      await db.execute(sql`
        SELECT ${summaryColumns(lang)}
        FROM favorites f JOIN products p ON p.id = f.product_id JOIN categories c ON c.id = p.category_id
        WHERE f.customer_id = ${customerId}
        ORDER BY f.created_at DESC, p.id DESC`),
    );
    return rows.map(toSummary);
  }

  async function add(customerId: number, productId: number, lang: Lang): Promise<ProductSummary[]> {
    const inserted = rowsOf<{ ok: number }>(
      await db.execute(sql`
        WITH product AS (SELECT id FROM products WHERE id = ${productId}),
        added AS (
          INSERT INTO favorites (customer_id, product_id) SELECT ${customerId}, id FROM product
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT 1 AS ok FROM product`),
    );
    if (inserted.length === 0) throw errors.notFound();
    return list(customerId, lang);
  }

  async function remove(customerId: number, productId: number, lang: Lang): Promise<ProductSummary[]> {
    await db.execute(sql`DELETE FROM favorites WHERE customer_id = ${customerId} AND product_id = ${productId}`);
    return list(customerId, lang);
  }

  return { list, add, remove };
}

export type FavoritesService = ReturnType<typeof createFavoritesService>;
