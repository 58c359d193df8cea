/**
 * Issue 19: the catalog's `q` (the search engine's words with every filter, sort and page, totals
 * right), and plan coverage marks on catalog, search and item answers (the `coveragePlan` a guest
 * chose, the `plan` filter, a member's saved plan), with answers a shared cache keeps apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  categoryListSchema,
  productDetailAnswerSchema,
  productListSchema,
  searchAnswerSchema,
  type Category,
  type ProductList,
  type ProductSummary,
} from '@otc/sdk/schemas';
import { rowsOf } from '../../../src/services/catalog.js';
import { bearer, buildTestApp, call, type TestApp } from '../../helpers.js';

let t: TestApp;
let categories: Category[];
/** Product ids each plan covers. */
const covers = new Map<string, Set<number>>();
let memberToken: string;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  categories = categoryListSchema.parse((await call(t.app, { method: 'GET', url: '/api/catalog/categories' })).body);
  const rows = rowsOf<{ code: string; product_id: number }>(
    await t.database.db.execute(sql`SELECT hp.code, pp.product_id FROM product_plans pp JOIN health_plans hp ON hp.id = pp.plan_id`),
  );
  for (const row of rows) {
    if (!covers.has(row.code)) covers.set(row.code, new Set());
    covers.get(row.code)!.add(Number(row.product_id));
  }
  // Rosa (network.demo) saved the plan cl1.
  const login = await call(t.app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'network.demo@example.com', password: 'Demo1234' },
  });
  memberToken = String(login.body.token);
});
afterAll(async () => t?.close());

const get = (url: string, lang = 'en', headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url, headers: { 'accept-language': lang, ...headers } });
const list = async (query: string, lang = 'en', headers: Record<string, string> = {}): Promise<ProductList> => {
  const res = await get(`/api/catalog/products${query}`, lang, headers);
  expect(res.status, query).toBe(200);
  return productListSchema.parse(res.body);
};
/** Every page of a list. */
const all = async (query: string, lang = 'en'): Promise<{ first: ProductList; products: ProductSummary[] }> => {
  const first = await list(`${query}${query ? '&' : '?'}page=1`, lang);
  const products = [...first.products];
  for (let page = 2; page <= Math.ceil(first.total / first.pageSize); page += 1) {
    products.push(...(await list(`${query}&page=${page}`, lang)).products);
  }
  return { first, products };
};
const slug = (s: string) => categories.find((c) => c.slug === s)!;

describe('the catalog with words (q)', () => {
  it('lists every match of the words across pages, total right, the modal\'s best first', async () => {
    const search = searchAnswerSchema.parse((await get('/api/search/products?q=vitamins')).body);
    const { first, products } = await all('?q=vitamins');
    expect(first.total).toBe(slug('vitamins').productCount);
    expect(first.total).toBe(search.total);
    expect(products).toHaveLength(first.total);
    expect(new Set(products.map((p) => p.id)).size).toBe(first.total);
    expect(products.slice(0, 20).map((p) => p.id)).toEqual(search.products.map((p) => p.id));
    expect(first.matched).toEqual(search.matched);
    expect(first.matched?.[0]).toMatchObject({ kind: 'category', categoryId: slug('vitamins').id });
  });

  it('finds brands, everyday words and typos as search does', async () => {
    const tylenol = await list('?q=tylenol');
    expect(tylenol.total).toBeGreaterThan(0);
    expect(tylenol.products.every((p) => /acetaminophen/i.test(p.name))).toBe(true);
    expect(tylenol.matched).toEqual([{ kind: 'brand', term: 'Tylenol', as: 'acetaminophen' }]);
    const panales = await list(`?q=${encodeURIComponent('pañales')}`, 'es');
    expect(panales.products.every((p) => /ropa interior protectora/i.test(p.name))).toBe(true);
  });

  it('combines the words with category, brand, plan, price and sort, totals right', async () => {
    const base = await all('?q=tablets');
    expect(base.first.total).toBeGreaterThan(24);
    const brand = base.products[0]!.brand;
    const query = `?q=tablets&brand=${encodeURIComponent(brand)}&plan=uhc&priceMin=3&priceMax=15&sort=price-asc`;
    const { first, products } = await all(query);
    const expected = base.products.filter(
      (p) => p.brand === brand && covers.get('uhc')!.has(p.id) && Number(p.price) >= 3 && Number(p.price) <= 15,
    );
    expect(first.total).toBe(expected.length);
    expect(new Set(products.map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
    const prices = products.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(products.every((p) => p.coveredByPlan === true)).toBe(true);

    const category = base.products[0]!.categoryId;
    const inCategory = await all(`?q=tablets&category=${category}&sort=name-desc`);
    expect(inCategory.first.total).toBe(base.products.filter((p) => p.categoryId === category).length);
    expect(inCategory.products.every((p) => p.categoryId === category)).toBe(true);
  });

  it('answers nothing found with a zero total, and no q as before', async () => {
    const none = await list('?q=xqzwv');
    expect(none).toMatchObject({ products: [], total: 0, matched: [] });
    const plain = await list('?q=');
    expect(plain.total).toBe((await list('')).total);
    expect(plain.matched).toEqual([]);
  });
});

describe('plan coverage marks', () => {
  const marksMatch = (products: { id: number; coveredByPlan?: boolean | null }[], code: string) =>
    products.every((p) => p.coveredByPlan === covers.get(code)!.has(p.id));

  it('a guest sees no marks without a plan, and the marks of the plan chosen (coveragePlan)', async () => {
    const plain = await list('?category=' + slug('personal-care').id);
    expect(plain.coveragePlan).toBeNull();
    expect(plain.products.every((p) => p.coveredByPlan === null)).toBe(true);
    // cl1 does not cover personal care; uhc covers most of it.
    const cl1 = await list(`?category=${slug('personal-care').id}&coveragePlan=cl1`);
    expect(cl1.coveragePlan).toBe('cl1');
    expect(cl1.total).toBe(plain.total);
    expect(cl1.products.every((p) => p.coveredByPlan === false)).toBe(true);
    const uhc = await list(`?coveragePlan=UHC&page=2`);
    expect(uhc.coveragePlan).toBe('uhc');
    expect(marksMatch(uhc.products, 'uhc')).toBe(true);
    expect(uhc.products.some((p) => p.coveredByPlan === false)).toBe(true);
    expect(uhc.products.some((p) => p.coveredByPlan === true)).toBe(true);
  });

  it('the plan filter keeps covered items only, all marked covered', async () => {
    const filtered = await all('?plan=ep&category=' + slug('pain-relief').id);
    expect(filtered.first.coveragePlan).toBe('ep');
    expect(filtered.products.every((p) => p.coveredByPlan === true && covers.get('ep')!.has(p.id))).toBe(true);
  });

  it('a signed-in member sees their saved plan by default, in the list, search and item', async () => {
    const member = bearer(memberToken);
    const page = await list('?page=3', 'en', member);
    expect(page.coveragePlan).toBe('cl1');
    expect(marksMatch(page.products, 'cl1')).toBe(true);
    const search = searchAnswerSchema.parse((await get('/api/search/products?q=antiperspirant', 'en', member)).body);
    expect(search.coveragePlan).toBe('cl1');
    expect(search.products.length).toBeGreaterThan(0);
    expect(search.products.every((p) => p.coveredByPlan === false)).toBe(true);
    const item = productDetailAnswerSchema.parse((await get(`/api/catalog/products/${search.products[0]!.id}`, 'en', member)).body);
    expect(item.coveragePlan).toBe('cl1');
    expect(item.product.coveredByPlan).toBe(false);
    expect(item.product.eligible).toBe(false);
    expect(marksMatch(item.similar, 'cl1')).toBe(true);
    // Another plan asked for explicitly wins over the saved one.
    const other = await list('?page=3&coveragePlan=uhc', 'en', member);
    expect(other.coveragePlan).toBe('uhc');
    expect(marksMatch(other.products, 'uhc')).toBe(true);
  });

  it('says what the cart says: an item marked not covered is "not supported by your Health Plan" in the draft', async () => {
    const member = bearer(memberToken);
    const page = await list(`?category=${slug('personal-care').id}`, 'en', member);
    const uncovered = page.products.find((p) => p.coveredByPlan === false && p.inStock > 0)!;
    const coveredPage = await list(`?category=${slug('pain-relief').id}`, 'en', member);
    const covered = coveredPage.products.find((p) => p.coveredByPlan === true && p.inStock > 0)!;
    for (const product of [uncovered, covered]) {
      const res = await call(t.app, { method: 'POST', url: '/api/order/draft/items', headers: member, payload: { sku_id: product.id, amount: 1 } });
      expect(res.status).toBe(200);
    }
    const draft = (await call(t.app, { method: 'POST', url: '/api/order/draft/items', headers: member, payload: { sku_id: covered.id, amount: 1 } })).body as {
      rows: { sku: { id: number }; badReasonCode: number | null }[];
    };
    const code = (id: number) => draft.rows.find((row) => row.sku.id === id)?.badReasonCode;
    expect(code(uncovered.id)).toBe(2);
    expect(code(covered.id)).toBeNull();
  });

  it('marks search results and items for a guest\'s plan', async () => {
    const search = searchAnswerSchema.parse((await get('/api/search/products?q=ibuprofen&coveragePlan=ep')).body);
    expect(search.coveragePlan).toBe('ep');
    expect(marksMatch(search.products, 'ep')).toBe(true);
    const plain = searchAnswerSchema.parse((await get('/api/search/products?q=ibuprofen')).body);
    expect(plain.coveragePlan).toBeNull();
    expect(plain.products.every((p) => p.coveredByPlan === null)).toBe(true);
    const id = search.products[0]!.id;
    const item = productDetailAnswerSchema.parse((await get(`/api/catalog/products/${id}?coveragePlan=ep`)).body);
    expect(item.product.coveredByPlan).toBe(covers.get('ep')!.has(id));
    expect(item.product.eligible).toBeNull();
  });

  it('answers 422 plan_not_found for an unknown plan to mark', async () => {
    for (const url of ['/api/catalog/products?coveragePlan=nope', '/api/search/products?q=ibuprofen&coveragePlan=nope', '/api/catalog/products/1?coveragePlan=nope']) {
      const res = await get(url);
      expect(res.status, url).toBe(422);
      expect(res.body.code).toBe('plan_not_found');
    }
  });

  it('keeps a member\'s answers out of every cache, and varies the public ones on the caller', async () => {
    const member = bearer(memberToken);
    for (const url of ['/api/catalog/products', '/api/search/products?q=ibuprofen', '/api/catalog/products/1']) {
      const guest = await get(url);
      expect(guest.response.headers['cache-control'] ?? '', url).not.toMatch(/no-store|private/);
      expect(String(guest.response.headers.vary), url).toMatch(/Authorization/i);
      expect(String(guest.response.headers.vary), url).toMatch(/Accept-Language/i);
      const signedIn = await get(url, 'en', member);
      expect(signedIn.response.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});
