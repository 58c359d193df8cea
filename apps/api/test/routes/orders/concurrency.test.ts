/**
 * Concurrent buyers of the last units. On PostgreSQL (TEST_DATABASE_URL) 50 customers complete at
 * once over a stock of 10 through the pool; on PGlite (one connection) a smaller crowd runs the
 * same code path.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, products } from '../../../src/db/schema.js';
import { testDatabaseUrl } from '../../../src/env.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { api, makeShopper, productStock, readyDraft, stockedProduct } from './fixtures.js';

const onPostgres = Boolean(testDatabaseUrl());
const BUYERS = onPostgres ? 50 : 12;
const STOCK = onPostgres ? 10 : 4;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => t?.close());

it(`${BUYERS} parallel completes over a stock of ${STOCK} place exactly ${STOCK} orders`, async () => {
  const product = await stockedProduct(t, 'cl1', STOCK);
  await t.database.db.update(products).set({ priceCents: 3000 }).where(eq(products.id, product.id));
  const shoppers: Awaited<ReturnType<typeof makeShopper>>[] = [];
  for (let i = 0; i < BUYERS; i += 1) shoppers.push(await makeShopper(t));
  const drafts: number[] = [];
  for (const shopper of shoppers) drafts.push(await readyDraft(t, shopper, product.id, 1));

  const results = await Promise.all(
    shoppers.map((shopper, i) => api(t.app, shopper.token)('PATCH', `/api/order/${drafts[i]}/complete`)),
  );
  const placed = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 422);
  expect(placed).toHaveLength(STOCK);
  expect(refused).toHaveLength(BUYERS - STOCK);
  for (const r of refused) expect(r.body.code).toBe('order_has_issues');
  const stock = await productStock(t, product.id);
  expect(stock).toEqual({ stock: STOCK, reserved: STOCK });
  const [waiting] = await t.database.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, -10), ne(orders.customerId, 0)));
  expect(waiting?.n).toBe(STOCK);
}, 120_000);
