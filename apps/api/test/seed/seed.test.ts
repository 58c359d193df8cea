import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CODES } from '@otc/sdk';
import { categories, healthPlans, productPlans, products, promoCodes, sandboxAccounts } from '../../src/db/schema.js';
import { DEFAULT_PRODUCT_COUNT, productSpec } from '../../src/seed/catalog.js';
import { SANDBOX_CARDS, seed, seedProducts } from '../../src/seed/seed.js';
import { openTestDatabase, TEST_SECRET } from '../helpers.js';
import type { Database } from '../../src/db/client.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seed(database.db, { secret: TEST_SECRET });
});
afterAll(async () => drop?.());

describe('demo catalog', () => {
  it('has at least 400 products in at least 14 categories', async () => {
    const db = database.db;
    const [productCount] = await db.select({ n: count() }).from(products);
    const [categoryCount] = await db.select({ n: count() }).from(categories);
    expect(productCount?.n).toBe(DEFAULT_PRODUCT_COUNT);
    expect(DEFAULT_PRODUCT_COUNT).toBeGreaterThanOrEqual(400);
    expect(categoryCount?.n).toBeGreaterThanOrEqual(14);
    const perCategory = await db
      .select({ id: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId);
    expect(perCategory.length).toBe(categoryCount?.n);
  });

  it('mixes stock, statuses and plan eligibility', async () => {
    const db = database.db;
    const [outOfStock] = await db.select({ n: count() }).from(products).where(eq(products.stock, 0));
    const [inactive] = await db.select({ n: count() }).from(products).where(eq(products.status, 0));
    const [discontinued] = await db.select({ n: count() }).from(products).where(eq(products.status, -1));
    const [active] = await db.select({ n: count() }).from(products).where(isNull(products.status));
    expect(outOfStock?.n).toBeGreaterThan(0);
    expect(inactive?.n).toBeGreaterThan(0);
    expect(discontinued?.n).toBeGreaterThan(0);
    expect(active?.n).toBeGreaterThan(DEFAULT_PRODUCT_COUNT * 0.8);
    const plans = await db.select().from(healthPlans);
    expect(plans.map((p) => p.code).sort()).toEqual([...PLAN_CODES].sort());
    const [links] = await db.select({ n: count() }).from(productPlans);
    expect(links?.n).toBeGreaterThan(DEFAULT_PRODUCT_COUNT * plans.length * 0.7);
    expect(links?.n).toBeLessThan(DEFAULT_PRODUCT_COUNT * plans.length);
    const [promo] = await db.select().from(promoCodes);
    expect(promo).toMatchObject({ code: 'Welcome10', percentOff: 10 });
    const [accounts] = await db.select({ n: count() }).from(sandboxAccounts);
    expect(accounts?.n).toBe(SANDBOX_CARDS.length);
  });

  it('names every product in English and Spanish, with pictures served by the API', async () => {
    const rows = await database.db.select().from(products).limit(600);
    for (const row of rows) {
      expect(row.nameEn).not.toBe(row.nameEs);
      expect(row.descriptionEs.length).toBeGreaterThan(20);
      expect(row.imagePath).toBe(`/api/images/products/${row.id}.svg`);
      expect(row.priceCents).toBeGreaterThan(0);
    }
    expect(productSpec(0)).toEqual(productSpec(0));
    expect(rows.some((r) => r.nameEs.includes('Acetaminofén'))).toBe(true);
  });

  it('supports bilingual, accent-insensitive search over the generated columns', async () => {
    const spanish = await database.db
      .select({ name: products.nameEs })
      .from(products)
      .where(sql`${products.searchEs} @@ plainto_tsquery('spanish', immutable_unaccent(${'acetaminofen'}))`);
    expect(spanish.length).toBeGreaterThan(0);
    expect(spanish.every((r) => /acetaminofén/i.test(r.name))).toBe(true);
    const english = await database.db
      .select({ name: products.nameEn })
      .from(products)
      .where(sql`${products.searchEn} @@ plainto_tsquery('english', ${'vitamin c'})`);
    expect(english.some((r) => r.name.includes('Vitamin C'))).toBe(true);
    const fuzzy = await database.db
      .select({ name: products.nameEn })
      .from(products)
      .where(sql`immutable_unaccent(lower(${products.nameEn})) % ${'ibuprofn 200 mg tablets'}`)
      .limit(5);
    expect(fuzzy.length).toBeGreaterThan(0);
  });

  it('is idempotent and grows the catalog to the asked size', async () => {
    const again = await seed(database.db, { secret: TEST_SECRET });
    expect(again).toEqual({ productsAdded: 0, demoCustomersAdded: 0 });
    expect(await seedProducts(database.db, DEFAULT_PRODUCT_COUNT + 2500)).toBe(2500);
    const [row] = await database.db.select({ n: count() }).from(products);
    expect(row?.n).toBe(DEFAULT_PRODUCT_COUNT + 2500);
    const [unique] = await database.db.select({ n: sql<number>`count(distinct ${products.nameEn})::int` }).from(products);
    expect(unique?.n).toBe(DEFAULT_PRODUCT_COUNT + 2500);
  });
});
