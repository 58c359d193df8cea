import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productDetailAnswerSchema, productListSchema, categoryListSchema, type ProductSummary } from '@otc/sdk/schemas';
import { priceFilterCents, rowsOf } from '../../../src/services/catalog.js';
import { bearer, buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
let listed: number;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS n FROM products WHERE status IS NULL`),
  );
  listed = Number(row!.n);
});
afterAll(async () => t?.close());

const get = (url: string, lang = 'en', headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url, headers: { 'accept-language': lang, ...headers } });
const list = async (query: string, lang = 'en') => {
  const res = await get(`/api/catalog/products${query}`, lang);
  expect(res.status).toBe(200);
  return productListSchema.parse(res.body);
};
/** The sort key of the API: accents and case ignored, ñ after n in Spanish. */
const key = (name: string, lang: string) =>
  (lang === 'es' ? name.toLowerCase().replace(/ñ/g, 'n{') : name.toLowerCase()).normalize('NFD').replace(/\p{M}/gu, '');

describe('categories', () => {
  it('lists every category with product counts, in the caller language', async () => {
    const en = await get('/api/catalog/categories');
    const es = await get('/api/catalog/categories', 'es');
    expect(en.status).toBe(200);
    const categories = categoryListSchema.parse(en.body);
    expect(categories.find((c) => c.slug === 'pain-relief')?.name).toBe('Pain Relief');
    expect(categoryListSchema.parse(es.body).find((c) => c.slug === 'pain-relief')?.name).toBe('Alivio del dolor');
    expect(categories.reduce((sum, c) => sum + c.productCount, 0)).toBe(listed);
  });

  it('with a plan, keeps only categories with covered products (cl1 does not cover personal care)', async () => {
    const all = categoryListSchema.parse((await get('/api/catalog/categories')).body);
    const cl1 = categoryListSchema.parse((await get('/api/catalog/categories?plan=cl1')).body);
    expect(all.some((c) => c.slug === 'personal-care')).toBe(true);
    expect(cl1.some((c) => c.slug === 'personal-care')).toBe(false);
    const pain = (list: typeof all) => list.find((c) => c.slug === 'pain-relief')!.productCount;
    expect(pain(cl1)).toBeGreaterThan(0);
    expect(pain(cl1)).toBeLessThan(pain(all));
  });

  it('answers 422 plan_not_found (the catalogue status of the code) for an unknown plan', async () => {
    const res = await get('/api/catalog/categories?plan=nope');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('plan_not_found');
  });
});

describe('product list', () => {
  it('pages through every listed product once, 24 a page, in stock first', async () => {
    const first = await list('');
    expect(first.total).toBe(listed);
    expect(first.pageSize).toBe(24);
    expect(first.products).toHaveLength(24);
    const all: ProductSummary[] = [];
    const pages = Math.ceil(first.total / 24);
    for (let page = 1; page <= pages; page += 1) all.push(...(await list(`?page=${page}`)).products);
    expect(new Set(all.map((p) => p.id)).size).toBe(listed);
    const firstOut = all.findIndex((p) => p.inStock === 0);
    expect(firstOut).toBeGreaterThan(0);
    expect(all.slice(firstOut).every((p) => p.inStock === 0 && p.status === 1)).toBe(true);
    expect(all.every((p) => p.status === null || p.status === 1)).toBe(true);
    expect((await list(`?page=${pages + 1}`)).products).toEqual([]);
  });

  it('sorts by name in the caller language and by price', async () => {
    for (const [sort, lang, direction] of [
      ['name-asc', 'en', 1],
      ['name-desc', 'en', -1],
      ['name-asc', 'es', 1],
      ['name-desc', 'es', -1],
    ] as const) {
      const names = (await list(`?sort=${sort}&page=2`, lang)).products.map((p) => p.name);
      const sorted = [...names].sort((a, b) => (key(a, lang) < key(b, lang) ? -direction : key(a, lang) > key(b, lang) ? direction : 0));
      expect(names).toEqual(sorted);
    }
    const es = (await list('?sort=name-asc', 'es')).products;
    expect(es[0]!.name).toMatch(/^[A-Z]/);
    expect(es.some((p) => /tabletas|unidades|gel|crema|aerosol/i.test(p.name))).toBe(true);
    const up = (await list('?sort=price-asc')).products.map((p) => Number(p.price));
    const down = (await list('?sort=price-desc')).products.map((p) => Number(p.price));
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]!).toBeGreaterThan(up[0]!);
  });

  it('filters by category, brand, plan and price range; brands follow the category', async () => {
    const categories = categoryListSchema.parse((await get('/api/catalog/categories')).body);
    const allergy = categories.find((c) => c.slug === 'allergy')!;
    const inCategory = await list(`?category=${allergy.id}`);
    expect(inCategory.total).toBe(allergy.productCount);
    expect(inCategory.products.every((p) => p.categoryId === allergy.id && p.categoryName === 'Allergy')).toBe(true);
    const brand = inCategory.brands[1]!;
    const byBrand = await list(`?category=${allergy.id}&brand=${encodeURIComponent(brand)}`);
    expect(byBrand.total).toBeGreaterThan(0);
    expect(byBrand.total).toBeLessThan(inCategory.total);
    expect(byBrand.products.every((p) => p.brand === brand)).toBe(true);

    const cheap = await list('?priceMin=5&priceMax=7.5&sort=price-asc');
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.total).toBeLessThan(listed);
    expect(cheap.products.every((p) => Number(p.price) >= 5 && Number(p.price) <= 7.5)).toBe(true);

    const personal = categories.find((c) => c.slug === 'personal-care')!;
    expect((await list(`?category=${personal.id}`)).total).toBeGreaterThan(0);
    expect((await list(`?category=${personal.id}&plan=cl1`)).total).toBe(0);
    const cl1 = await list('?plan=cl1');
    expect(cl1.total).toBeLessThan(listed);
    expect(cl1.products.every((p) => p.categoryId !== personal.id)).toBe(true);
  });

  it('answers Spanish names with Accept-Language: es', async () => {
    const categories = categoryListSchema.parse((await get('/api/catalog/categories')).body);
    const pain = categories.find((c) => c.slug === 'pain-relief')!;
    const es = await list(`?category=${pain.id}&sort=name-asc`, 'es');
    expect(es.products[0]!.categoryName).toBe('Alivio del dolor');
    expect(es.products.some((p) => /Ibuprofeno|Acetaminofén|Aspirina/.test(p.name))).toBe(true);
  });

  it('reads a price filter as whole cents, within an int4', async () => {
    expect(priceFilterCents(7.5)).toBe(750);
    expect(priceFilterCents(0.07)).toBe(7); // 0.07 * 100 is 7.000000000000001
    expect(priceFilterCents(19.99)).toBe(1999);
    expect(priceFilterCents(5.004)).toBe(500);
    expect(priceFilterCents(0)).toBe(0);
    expect(priceFilterCents(21474836.47)).toBe(2147483647);
    expect(priceFilterCents(1e300)).toBe(2147483647);
    const [row] = rowsOf<{ price_cents: number }>(
      await t.database.db.execute(sql`SELECT price_cents FROM products WHERE status IS NULL ORDER BY id LIMIT 1`),
    );
    const exact = (row!.price_cents / 100).toFixed(2);
    const at = await list(`?priceMin=${exact}&priceMax=${exact}`);
    expect(at.total).toBeGreaterThan(0);
    expect(at.products.every((p) => p.price === exact)).toBe(true);
  });

  it('rejects bad query values with 422', async () => {
    for (const query of ['?sort=cheapest', '?page=0', '?category=abc', '?priceMin=-1']) {
      const res = await get(`/api/catalog/products${query}`);
      expect(res.status, query).toBe(422);
    }
  });
});

describe('product detail', () => {
  it('answers the product with up to 8 similar ones of its category, nearest in price, and no personal data for a guest', async () => {
    const res = await get('/api/catalog/products/5', 'es');
    expect(res.status).toBe(200);
    const { product, similar } = productDetailAnswerSchema.parse(res.body);
    expect(product).toMatchObject({ id: 5, eligible: null, favorite: false });
    expect(product.description.length).toBeGreaterThan(10);
    expect(product.plans.length).toBeGreaterThan(0);
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(8);
    expect(similar.every((p) => p.categoryId === product.categoryId && p.id !== product.id)).toBe(true);
  });

  it('answers the item code of the catalog (its SKU), not only the database id (issue 33)', async () => {
    const [row] = rowsOf<{ sku: string }>(await t.database.db.execute(sql`SELECT sku FROM products WHERE id = 5`));
    const res = await get('/api/catalog/products/5', 'en');
    const { product } = productDetailAnswerSchema.parse(res.body);
    expect(product.sku).toBe(row!.sku);
    expect(product.sku).toMatch(/^OTC-\d{6}$/);
  });

  it('tells a signed-in customer whether their plan covers the item', async () => {
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'network.demo@example.com', password: 'Demo1234' },
    });
    const token = String(login.body.token);
    const [covered, uncovered] = await Promise.all(
      [sql`EXISTS`, sql`NOT EXISTS`].map(async (exists) => {
        const [row] = rowsOf<{ id: number }>(
          await t.database.db.execute(sql`
            SELECT p.id FROM products p WHERE ${exists} (
              SELECT 1 FROM product_plans pp JOIN health_plans hp ON hp.id = pp.plan_id
              WHERE pp.product_id = p.id AND hp.code = 'cl1') ORDER BY p.id LIMIT 1`),
        );
        return row!.id;
      }),
    );
    const yes = productDetailAnswerSchema.parse((await get(`/api/catalog/products/${covered}`, 'en', bearer(token))).body);
    const no = productDetailAnswerSchema.parse((await get(`/api/catalog/products/${uncovered}`, 'en', bearer(token))).body);
    expect(yes.product.eligible).toBe(true);
    expect(yes.product.plans).toContain('cl1');
    expect(no.product.eligible).toBe(false);
    expect(no.product.plans).not.toContain('cl1');
  });

  it('keeps inactive and discontinued items reachable by id but out of the list', async () => {
    const rows = rowsOf<{ id: number; status: number }>(
      await t.database.db.execute(sql`SELECT DISTINCT ON (status) id, status FROM products WHERE status IS NOT NULL ORDER BY status, id`),
    );
    expect(rows.map((r) => r.status).sort()).toEqual([-1, 0]);
    for (const row of rows) {
      const res = await get(`/api/catalog/products/${row.id}`);
      expect(res.status).toBe(200);
      expect(productDetailAnswerSchema.parse(res.body).product.status).toBe(row.status);
      const page = await list(`?category=${productDetailAnswerSchema.parse(res.body).product.categoryId}&sort=price-asc`);
      expect(page.products.some((p) => p.id === row.id)).toBe(false);
    }
  });

  it('answers 404 for an unknown product and 422 for a non-numeric id', async () => {
    expect((await get('/api/catalog/products/999999')).status).toBe(404);
    expect((await get('/api/catalog/products/abc')).status).toBe(422);
  });
});
