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
 *
 * Words (`q`, issue 19) come resolved by the search engine (services/search.ts `list`) as a
 * condition over the products and their best matches ranked: with the default sort a page takes
 * the ranked matches first (the search modal's order), then the other matches in the catalog's
 * order; another sort orders every match.
 *
 * Coverage marks (`coveredByPlan`): the plan of `coverage()` — the `coveragePlan` parameter, else
 * the `plan` filter, else the signed-in customer's saved plan — read through services/coverage.ts,
 * the one rule the cart reads too.
 */
import { CATALOG_PAGE_SIZE, INT4_MAX, ORDER_STATUS, PRICE_MAX } from '@otc/sdk';
import { fromCents, itemAvailability, toCents } from '@otc/sdk/rules';
import type { Category, ProductDetail, ProductList, ProductListQuery, ProductSummary, SearchMatch } from '@otc/sdk';
import type { PeriodLimitView } from '@otc/sdk/schemas';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { HttpError, errors, type Lang } from '../lib/errors.js';
import { PICTURE_COLUMN_ES } from '../lib/product-image.js';
import { coverageMarks, coveredBySql, customerPlan } from './coverage.js';
import { periodLimitView, periodLimits } from './orders/period-limits.js';

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
    ? sql`p.id, p.name_es AS name, p.price_cents, p.stock, p.reserved, p.status, p.brand, p.manufacturer, p.category_id, c.name_es AS category_name, ${sql.raw(PICTURE_COLUMN_ES)} AS image_path`
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

  /** The value kept under `key` while fresh, without loading it. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > this.now() ? hit.value : undefined;
  }

  clear() {
    this.entries.clear();
  }
}

const SIMILAR_COUNT = 8;

/** The plan whose coverage an answer marks (id and code), or null. */
export type Coverage = { id: number; code: string } | null;

/** Ids as an SQL integer array (ids are integers: written inline). */
export function intArrayOf(ids: number[]): SQL {
  return sql.raw(ids.length === 0 ? `'{}'::integer[]` : `ARRAY[${ids.map((id) => Math.trunc(id)).join(',')}]::integer[]`);
}

/** The words of a list (`q`), resolved by the search engine (services/search.ts). */
export interface WordsFilter {
  /** SQL over `products p` of every match; null when nothing matches. */
  condition: SQL | null;
  /** The best matches under the plan filter, best first. */
  ranked: number[];
  /** Whether `ranked` holds every match. */
  complete: boolean;
  matched: SearchMatch[];
  /** Every match under the plan filter and `extra` conditions (`key` names them for the cache). */
  count: (extra: SQL[], key: string) => Promise<number>;
}

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
    return plan === null ? sql`TRUE` : coveredBySql(plan);
  }

  /**
   * The plan whose coverage an answer marks: `coveragePlan`, else the `plan` filter, else the
   * signed-in customer's saved plan (`customerId`, read only when needed); null when none applies.
   */
  async function coverage(
    query: { coveragePlan?: string | undefined; plan?: string | undefined },
    customerId: () => Promise<number | null>,
  ): Promise<Coverage> {
    for (const code of [query.coveragePlan, query.plan]) {
      const id = await planId(code);
      if (id !== null) return { id, code: code!.toLowerCase() };
    }
    const customer = await customerId();
    return customer === null ? null : customerPlan(db, customer);
  }

  /** Summaries of rows with their coverage marks. */
  async function marked(rows: SummaryRow[], plan: Coverage): Promise<ProductSummary[]> {
    const marks = await coverageMarks(db, plan?.id ?? null, rows.map((row) => Number(row.id)));
    return rows.map((row) => ({ ...toSummary(row), coveredByPlan: marks(Number(row.id)) }));
  }

  type CategoryRow = { id: number; slug: string; name_en: string; name_es: string };
  function categoryRows(): Promise<CategoryRow[]> {
    return aggregates.get('category-rows', async () =>
      rowsOf<CategoryRow>(await db.execute(sql`SELECT id, slug, name_en, name_es FROM categories ORDER BY position, id`)),
    ) as Promise<CategoryRow[]>;
  }

  /** Every category's id, slug and name in the caller's language (no counts: nothing is counted). */
  async function categoryNames(lang: Lang): Promise<{ id: number; slug: string; name: string }[]> {
    return (await categoryRows()).map((row) => ({ id: row.id, slug: row.slug, name: lang === 'es' ? row.name_es : row.name_en }));
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
    const rows = await categoryRows();
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

  /**
   * One page of the products matching `where` in a sort order. The page's ids are found first
   * (from the sort's index alone when the filters allow, without reading the rows skipped: a deep
   * page costs what its offset costs in the index), then their rows are read.
   */
  function pageOf(where: SQL, sort: ProductListQuery['sort'], lang: Lang, limit: number, offset: number): SQL {
    return sql`
      SELECT ${summaryColumns(lang)}
      FROM (SELECT p.id FROM products p WHERE ${where} ORDER BY ${orderBy(sort, lang)} LIMIT ${limit} OFFSET ${offset}) page
        JOIN products p ON p.id = page.id JOIN categories c ON c.id = p.category_id
      ORDER BY ${orderBy(sort, lang)}`;
  }

  async function list(
    query: ProductListQuery,
    lang: Lang,
    options: { coverage?: Coverage; words?: WordsFilter } = {},
  ): Promise<ProductList> {
    const plan = await planId(query.plan);
    const page = query.page ?? 1;
    const words = options.words;
    const listed = sql`p.status IS NULL`;
    const covered = plan === null ? [] : [coveredBy(plan)];
    const inCategory = query.category === undefined ? [] : [sql`p.category_id = ${query.category}`];
    // The brand list's filters: listed, category, plan.
    const base: SQL[] = [listed, ...inCategory, ...covered];
    // `extra`: the filters beside listing and plan (the words' count adds those two itself).
    const extra: SQL[] = [...inCategory];
    if (query.brand) extra.push(sql`p.brand = ${query.brand}`);
    const priceMin = query.priceMin === undefined ? undefined : priceFilterCents(query.priceMin);
    const priceMax = query.priceMax === undefined ? undefined : priceFilterCents(query.priceMax);
    if (priceMin !== undefined) extra.push(sql`p.price_cents >= ${priceMin}`);
    if (priceMax !== undefined) extra.push(sql`p.price_cents <= ${priceMax}`);
    const filters = [listed, ...extra, ...covered];
    const filterKey = JSON.stringify([query.category, plan, query.brand, priceMin, priceMax]);
    const coverage = options.coverage ?? null;

    // One index probe per brand (a loose index scan), not a pass over every product.
    const baseWhere = sql.join(base, sql` AND `);
    const brands = aggregates.get(`brands:${query.category ?? ''}:${plan ?? ''}`, async () =>
      rowsOf<{ brand: string }>(
        await db.execute(sql`
          WITH RECURSIVE b(brand) AS (
            (SELECT p.brand FROM products p WHERE ${baseWhere} ORDER BY p.brand LIMIT 1)
            UNION ALL
            SELECT (SELECT p.brand FROM products p WHERE ${baseWhere} AND p.brand > b.brand ORDER BY p.brand LIMIT 1)
            FROM b WHERE b.brand IS NOT NULL)
          SELECT brand FROM b WHERE brand IS NOT NULL`),
      ).map((row) => row.brand),
    ) as Promise<string[]>;
    const offset = (page - 1) * CATALOG_PAGE_SIZE;
    const answer = async (rows: SummaryRow[], total: number): Promise<ProductList> => ({
      products: await marked(rows, coverage),
      total,
      page,
      pageSize: CATALOG_PAGE_SIZE,
      brands: await brands,
      matched: words?.matched ?? [],
      coveragePlan: coverage?.code ?? null,
    });

    if (words && words.condition === null) return answer([], 0);
    if (words) {
      // Words: the ranked matches and the count come with the plan filter applied.
      const where = sql.join([...filters, words.condition!], sql` AND `);
      const rankedIds = intArrayOf(words.ranked);
      // The ranked matches that pass the other filters, in their order.
      const rankedPassing = async () => {
        const passing = new Set(
          rowsOf<{ id: number }>(
            await db.execute(sql`SELECT p.id FROM products p WHERE p.id = ANY(${rankedIds}) AND ${sql.join(filters, sql` AND `)}`),
          ).map((row) => Number(row.id)),
        );
        return words.ranked.filter((id) => passing.has(id));
      };
      const relevance = query.sort === undefined || query.sort === 'default';
      if (words.complete) {
        // Every match is ranked: filter, order (by relevance or the sort) and page them.
        if (relevance) {
          const ids = await rankedPassing();
          return answer(await summaries(ids.slice(offset, offset + CATALOG_PAGE_SIZE), lang), ids.length);
        }
        const [rows, counted] = await Promise.all([
          db.execute(sql`
            SELECT ${summaryColumns(lang)} FROM products p JOIN categories c ON c.id = p.category_id
            WHERE p.id = ANY(${rankedIds}) AND ${sql.join(filters, sql` AND `)}
            ORDER BY ${orderBy(query.sort, lang)}
            LIMIT ${CATALOG_PAGE_SIZE} OFFSET ${offset}`),
          db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE p.id = ANY(${rankedIds}) AND ${sql.join(filters, sql` AND `)}`),
        ]);
        return answer(rowsOf<SummaryRow>(rows), Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0));
      }
      const total = words.count(extra, filterKey);
      if (!relevance) {
        const [rows, counted] = await Promise.all([
          db.execute(pageOf(where, query.sort, lang, CATALOG_PAGE_SIZE, offset)),
          total,
        ]);
        return answer(rowsOf<SummaryRow>(rows), counted);
      }
      // Relevance: the ranked matches first, then the others in the catalog's order.
      const [ids, counted] = await Promise.all([rankedPassing(), total]);
      const head = ids.slice(offset, offset + CATALOG_PAGE_SIZE);
      let rows = await summaries(head, lang);
      if (head.length < CATALOG_PAGE_SIZE) {
        const more = rowsOf<SummaryRow>(
          await db.execute(
            pageOf(
              sql`${where} AND NOT (p.id = ANY(${rankedIds}))`,
              'default',
              lang,
              CATALOG_PAGE_SIZE - head.length,
              Math.max(0, offset - ids.length),
            ),
          ),
        );
        rows = [...rows, ...more];
      }
      return answer(rows, counted);
    }

    const where = sql.join(filters, sql` AND `);
    const pageRows = db.execute(pageOf(where, query.sort, lang, CATALOG_PAGE_SIZE, offset));
    const total = aggregates.get(`count:${filterKey}`, async () => {
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`));
      return Number(row?.n ?? 0);
    }) as Promise<number>;
    const [rows, count] = await Promise.all([pageRows, total]);
    return answer(rowsOf<SummaryRow>(rows), count);
  }

  /** Summary rows of ids, in the order of the ids. */
  async function summaries(ids: number[], lang: Lang): Promise<SummaryRow[]> {
    if (ids.length === 0) return [];
    const rows = rowsOf<SummaryRow>(
      await db.execute(sql`
        SELECT ${summaryColumns(lang)} FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.id = ANY(${intArrayOf(ids)})`),
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.map((id) => byId.get(id)).filter((row): row is SummaryRow => row !== undefined);
  }

  /** Up to 8 listed products of the same category nearest in price, those in stock first. */
  async function similar(product: { id: number; categoryId: number; priceCents: number }, lang: Lang, coverage: Coverage) {
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
    const nearest = rows
      .sort(
        (a, b) =>
          Number(b.in_stock) - Number(a.in_stock) ||
          Math.abs(a.price_cents - product.priceCents) - Math.abs(b.price_cents - product.priceCents) ||
          a.id - b.id,
      )
      .slice(0, SIMILAR_COUNT);
    return marked(nearest, coverage);
  }

  async function detail(
    id: number,
    lang: Lang,
    customerId: number | null,
    options: { coverage?: Coverage } = {},
  ): Promise<{ product: ProductDetail; similar: ProductSummary[]; coveragePlan: string | null }> {
    const [row] = rowsOf<
      SummaryRow & { sku: string; description: string; plans: string[] | null; plan_ids: number[] | null }
    >(
      await db.execute(sql`
        SELECT ${summaryColumns(lang)}, p.sku,
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
    let periodLimit: PeriodLimitView | null = null;
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
      // The plan's per-period limit of the item (issue 31): what is left beyond the member's
      // orders of the period and what their cart holds ("You can order 4 more this quarter").
      const limit = (await periodLimits(db, customerId, [id], new Date(now()))).get(id);
      if (limit) {
        const [inCart] = rowsOf<{ amount: number }>(
          await db.execute(sql`
            SELECT r.amount FROM order_rows r JOIN orders o ON o.id = r.order_id
            WHERE o.customer_id = ${customerId} AND o.status = ${ORDER_STATUS.draft} AND r.sku_id = ${id}`),
        );
        periodLimit = periodLimitView(limit, Number(inCart?.amount ?? 0));
      }
    }
    const coverage = options.coverage ?? null;
    const [summary] = await marked([row], coverage);
    return {
      coveragePlan: coverage?.code ?? null,
      product: {
        ...summary!,
        description: row.description,
        sku: row.sku,
        images: row.image_path ? [row.image_path] : [],
        plans: row.plans ?? [],
        eligible,
        favorite,
        periodLimit,
      },
      similar: await similar({ id: row.id, categoryId: row.category_id, priceCents: row.price_cents }, lang, coverage),
    };
  }

  /** What a product's picture is drawn from (name in `lang`, brand, category colour); null when unknown. */
  async function picture(id: number, lang: Lang = 'en') {
    const [row] = rowsOf<{ id: number; name: string; brand: string; color: string }>(
      await db.execute(sql`
        SELECT p.id, ${lang === 'es' ? sql`p.name_es` : sql`p.name_en`} AS name, p.brand, c.color
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
    coverage,
    categories,
    categoryNames,
    list,
    detail,
    picture,
    sitemapIds,
    /** Forget cached counts, brand lists, categories and plans (after catalog changes). */
    invalidate: () => aggregates.clear(),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
