/**
 * Catalog: categories (with product counts, optionally for one plan), the product list (filters,
 * sorts, pages), product detail with similar products, and product summaries by id (favorites).
 *
 * Listed products are those with status null (active), in stock or not; inactive (0) and
 * discontinued (-1) items are left out of lists and search but their detail stays reachable and
 * carries the status. Each sort reads one partial index (migration 0002), so a page costs the same
 * at 1 000 or 100 000 products. Counts and brand lists are aggregates over the whole filtered set:
 * they are cached per filter for a short time (`countTtlMs`), as are the category rows and plan
 * codes every list and search reads.
 */
import { CATALOG_PAGE_SIZE, INT4_MAX, PRICE_MAX } from '@otc/sdk';
import { fromCents, itemAvailability, toCents } from '@otc/sdk/rules';
import type { Category, ProductDetail, ProductList, ProductListQuery, ProductSummary } from '@otc/sdk';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { HttpError, errors, type Lang } from '../lib/errors.js';

/**
 * A price filter of the catalog query (dollars, a number the contract bounds to 0..PRICE_MAX) in
 * integer cents: rounded to the cent as written with two decimals, then read by the SDK's
 * `toCents`, and kept within an int4 (the column's type). The one conversion of a query price.
 */
export function priceFilterCents(dollars: number): number {
  if (!(dollars > 0)) return 0;
  if (dollars >= PRICE_MAX) return INT4_MAX;
  return toCents(dollars.toFixed(2));
}

/** Rows of `db.execute` whichever driver answers (postgres-js: an array; PGlite: `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Columns of a product summary, from `products p` joined with `categories c`. */
export function summaryColumns(lang: Lang): SQL {
  return lang === 'es'
    ? sql`p.id, p.name_es AS name, p.price_cents, p.stock, p.reserved, p.status, p.brand, p.manufacturer, p.category_id, c.name_es AS category_name, p.image_path`
    : sql`p.id, p.name_en AS name, p.price_cents, p.stock, p.reserved, p.status, p.brand, p.manufacturer, p.category_id, c.name_en AS category_name, p.image_path`;
}

export interface SummaryRow {
  id: number;
  name: string;
  price_cents: number;
  stock: number;
  reserved: number;
  status: number | null;
  brand: string;
  manufacturer: string;
  category_id: number;
  category_name: string;
  image_path: string;
}

/**
 * The product summary of a row, the ONE place the API shapes a product: its status and units
 * available come from the SDK's `itemAvailability` (the order rows' `sku` is built here too).
 */
export function toSummary(row: SummaryRow): ProductSummary {
  const { status, available } = itemAvailability(row);
  return {
    id: row.id,
    name: row.name,
    price: fromCents(Number(row.price_cents)),
    inStock: available,
    status,
    brand: row.brand,
    manufacturer: row.manufacturer,
    categoryId: row.category_id,
    categoryName: row.category_name,
    mainImage: row.image_path,
  };
}

/** A small time-bounded cache keyed by string (aggregates, lookups), the oldest entry evicted past `max`. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => number,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const value = await load();
    if (this.ttlMs > 0) {
      this.entries.delete(key);
      this.entries.set(key, { value, expires: this.now() + this.ttlMs });
      if (this.entries.size > this.max) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return value;
  }

  clear() {
    this.entries.clear();
  }
}

const SIMILAR_COUNT = 8;

export interface CatalogDeps {
  db: Db;
  /** Lifetime of cached counts and brand lists (0: no cache). */
  countTtlMs?: number;
  now?: () => number;
}

export function createCatalogService({ db, countTtlMs = 30_000, now = Date.now }: CatalogDeps) {
  const aggregates = new TtlCache<unknown>(countTtlMs, 1000, now);

  /** The id of an active plan code; 404 plan_not_found otherwise. */
  async function planId(code: string | undefined): Promise<number | null> {
    if (code === undefined || code === '') return null;
    const normalized = code.toLowerCase();
    const id = (await aggregates.get(`plan:${normalized}`, async () => {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`SELECT id FROM health_plans WHERE code = ${normalized} AND active LIMIT 1`),
      );
      return row?.id ?? null;
    })) as number | null;
    if (id === null) throw new HttpError('plan_not_found');
    return id;
  }

  function coveredBy(plan: number | null): SQL {
    return plan === null
      ? sql`TRUE`
      : sql`EXISTS (SELECT 1 FROM product_plans pp WHERE pp.product_id = p.id AND pp.plan_id = ${plan})`;
  }

  async function categories(lang: Lang, planCode?: string): Promise<Category[]> {
    const plan = await planId(planCode);
    const counts = (await aggregates.get(`categories:${plan ?? ''}`, async () => {
      const rows = rowsOf<{ category_id: number; n: number }>(
        await db.execute(sql`
          SELECT p.category_id, count(*)::int AS n FROM products p
          WHERE p.status IS NULL AND ${coveredBy(plan)}
          GROUP BY p.category_id`),
      );
      return new Map(rows.map((row) => [row.category_id, Number(row.n)]));
    })) as Map<number, number>;
    type CategoryRow = { id: number; slug: string; name_en: string; name_es: string };
    const rows = (await aggregates.get('category-rows', async () =>
      rowsOf<CategoryRow>(await db.execute(sql`SELECT id, slug, name_en, name_es FROM categories ORDER BY position, id`)),
    )) as CategoryRow[];
    return rows
      .map((row) => ({
        id: row.id,
        slug: row.slug,
        name: lang === 'es' ? row.name_es : row.name_en,
        productCount: counts.get(row.id) ?? 0,
      }))
      .filter((category) => plan === null || category.productCount > 0);
  }

  function orderBy(sort: ProductListQuery['sort'], lang: Lang): SQL {
    const name = lang === 'es' ? sql`p.sort_es COLLATE "C"` : sql`p.name_en_norm COLLATE "C"`;
    switch (sort) {
      case 'name-asc':
        return sql`${name}, p.id`;
      case 'name-desc':
        return sql`${name} DESC, p.id DESC`;
      case 'price-asc':
        return sql`p.price_cents, p.id`;
      case 'price-desc':
        return sql`p.price_cents DESC, p.id DESC`;
      default:
        // In stock first, then the catalog's own order (newest ids last).
        return sql`p.in_stock DESC NULLS LAST, p.id`;
    }
  }

  async function list(query: ProductListQuery, lang: Lang): Promise<ProductList> {
    const plan = await planId(query.plan);
    const page = query.page ?? 1;
    const base: SQL[] = [sql`p.status IS NULL`];
    if (query.category !== undefined) base.push(sql`p.category_id = ${query.category}`);
    if (plan !== null) base.push(coveredBy(plan));
    const filters = [...base];
    if (query.brand) filters.push(sql`p.brand = ${query.brand}`);
    const priceMin = query.priceMin === undefined ? undefined : priceFilterCents(query.priceMin);
    const priceMax = query.priceMax === undefined ? undefined : priceFilterCents(query.priceMax);
    if (priceMin !== undefined) filters.push(sql`p.price_cents >= ${priceMin}`);
    if (priceMax !== undefined) filters.push(sql`p.price_cents <= ${priceMax}`);
    const where = sql.join(filters, sql` AND `);

    const pageRows = db.execute(sql`
      SELECT ${summaryColumns(lang)} FROM products p JOIN categories c ON c.id = p.category_id
      WHERE ${where}
      ORDER BY ${orderBy(query.sort, lang)}
      LIMIT ${CATALOG_PAGE_SIZE} OFFSET ${(page - 1) * CATALOG_PAGE_SIZE}`);
    const filterKey = JSON.stringify([query.category, plan, query.brand, priceMin, priceMax]);
    const total = aggregates.get(`count:${filterKey}`, async () => {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`));
      return Number(row?.n ?? 0);
    }) as Promise<number>;
    const brands = aggregates.get(`brands:${query.category ?? ''}:${plan ?? ''}`, async () =>
      rowsOf<{ brand: string }>(
        await db.execute(
          sql`SELECT DISTINCT p.brand FROM products p WHERE ${sql.join(base, sql` AND `)} ORDER BY p.brand`,
        ),
      ).map((row) => row.brand),
    ) as Promise<string[]>;
    const [rows, count, brandList] = await Promise.all([pageRows, total, brands]);
    return {
      products: rowsOf<SummaryRow>(rows).map(toSummary),
      total: count,
      page,
      pageSize: CATALOG_PAGE_SIZE,
      brands: brandList,
    };
  }

  /** Up to 8 listed products of the same category nearest in price, those in stock first. */
  async function similar(product: { id: number; categoryId: number; priceCents: number }, lang: Lang) {
    const cols = summaryColumns(lang);
    const near = (side: SQL, order: SQL) => sql`
      (SELECT ${cols}, p.in_stock FROM products p JOIN categories c ON c.id = p.category_id
       WHERE p.status IS NULL AND p.category_id = ${product.categoryId} AND p.id <> ${product.id} AND ${side}
       ORDER BY ${order} LIMIT ${SIMILAR_COUNT * 2})`;
    const rows = rowsOf<SummaryRow & { in_stock: boolean }>(
      await db.execute(sql`
        ${near(sql`p.price_cents >= ${product.priceCents}`, sql`p.price_cents, p.id`)}
        UNION ALL
        ${near(sql`p.price_cents < ${product.priceCents}`, sql`p.price_cents DESC, p.id DESC`)}`),
    );
    return rows
      .sort(
        (a, b) =>
          Number(b.in_stock) - Number(a.in_stock) ||
          Math.abs(a.price_cents - product.priceCents) - Math.abs(b.price_cents - product.priceCents) ||
          a.id - b.id,
      )
      .slice(0, SIMILAR_COUNT)
      .map(toSummary);
  }

  async function detail(
    id: number,
    lang: Lang,
    customerId: number | null,
  ): Promise<{ product: ProductDetail; similar: ProductSummary[] }> {
    const [row] = rowsOf<
      SummaryRow & { description: string; plans: string[] | null; plan_ids: number[] | null }
    >(
      await db.execute(sql`
        SELECT ${summaryColumns(lang)},
          ${lang === 'es' ? sql`p.description_es` : sql`p.description_en`} AS description,
          (SELECT array_agg(hp.code ORDER BY hp.code) FROM product_plans pp JOIN health_plans hp ON hp.id = pp.plan_id
            WHERE pp.product_id = p.id AND hp.active) AS plans,
          (SELECT array_agg(pp.plan_id) FROM product_plans pp WHERE pp.product_id = p.id) AS plan_ids
        FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.id = ${id}`),
    );
    if (!row) throw errors.notFound();
    let eligible: boolean | null = null;
    let favorite = false;
    if (customerId !== null) {
      const [customer] = rowsOf<{ health_plan_id: number | null; favorite: boolean }>(
        await db.execute(sql`
          SELECT health_plan_id,
            EXISTS (SELECT 1 FROM favorites f WHERE f.customer_id = ${customerId} AND f.product_id = ${id}) AS favorite
          FROM customers WHERE id = ${customerId}`),
      );
      if (customer) {
        favorite = customer.favorite;
        if (customer.health_plan_id !== null) eligible = (row.plan_ids ?? []).includes(customer.health_plan_id);
      }
    }
    const summary = toSummary(row);
    return {
      product: {
        ...summary,
        description: row.description,
        images: row.image_path ? [row.image_path] : [],
        plans: row.plans ?? [],
        eligible,
        favorite,
      },
      similar: await similar({ id: row.id, categoryId: row.category_id, priceCents: row.price_cents }, lang),
    };
  }

  /** What a product's picture is drawn from (name, brand, category colour); null when unknown. */
  async function picture(id: number) {
    const [row] = rowsOf<{ id: number; name: string; brand: string; color: string }>(
      await db.execute(sql`
        SELECT p.id, p.name_en AS name, p.brand, c.color
        FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.id = ${id} LIMIT 1`),
    );
    return row ?? null;
  }

  /** The addresses of the sitemap: every category, and up to `maxItems` active items by id. */
  async function sitemapIds(maxItems: number) {
    const [categoryRows, itemRows] = await Promise.all([
      db.execute(sql`SELECT id FROM categories ORDER BY position, id`),
      db.execute(sql`SELECT id FROM products WHERE status IS NULL ORDER BY id LIMIT ${maxItems}`),
    ]);
    return {
      categoryIds: rowsOf<{ id: number }>(categoryRows).map((r) => Number(r.id)),
      productIds: rowsOf<{ id: number }>(itemRows).map((r) => Number(r.id)),
    };
  }

  return {
    planId,
    categories,
    list,
    detail,
    picture,
    sitemapIds,
    /** Forget cached counts, brand lists, categories and plans (after catalog changes). */
    invalidate: () => aggregates.clear(),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
