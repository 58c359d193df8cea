/**
 * The test shop's catalog (as the API answers it): categories, the product list with its filters,
 * sort and pages, a product with similar ones, search, and the member's favorites; each with the
 * plan coverage of the plan asked for or the member's.
 */
import type { Locale } from '../constants/index.js';
import { toCents } from '../money/index.js';
import type { ProductSummary } from '../schemas/index.js';
import { TestShopError } from './errors.js';
import type { RouteImpls, ShopCore } from './routes.js';
import { productDetail, productSummary } from './state.js';

export function productOr404(shop: ShopCore, id: number) {
  const product = shop.state.products.find((p) => p.id === id);
  if (!product) throw new TestShopError('not_found');
  return product;
}

function planOr422(shop: ShopCore, code: string | undefined): string | null {
  if (!code) return null;
  if (!shop.state.plans.some((p) => p.code === code)) throw new TestShopError('plan_not_found');
  return code;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

function summaries(shop: ShopCore, ids: readonly number[], locale: Locale): ProductSummary[] {
  return ids.flatMap((id) => {
    const p = shop.state.products.find((x) => x.id === id);
    return p ? [productSummary(shop.state, p, locale)] : [];
  });
}

export const CATALOG_ROUTES: RouteImpls = {
  categories: ({ shop, query, locale }) => {
    const plan = planOr422(shop, query.plan);
    return shop.state.categories.map((c) => ({
      id: c.id,
      name: c.name[locale],
      slug: c.slug,
      productCount: shop.state.products.filter(
        (p) => p.categoryId === c.id && (!plan || p.plans.includes(plan)),
      ).length,
    }));
  },
  products: ({ shop, query, locale, customer }) => {
    const plan = planOr422(shop, query.plan);
    const coverage = planOr422(shop, query.coveragePlan) ?? plan ?? customer?.plan ?? null;
    const words = fold(query.q ?? '').split(/\s+/).filter(Boolean);
    const scoped = shop.state.products.filter(
      (p) =>
        (!query.category || p.categoryId === query.category) &&
        (!plan || p.plans.includes(plan)) &&
        words.every((w) => fold(`${p.name[locale]} ${p.brand}`).includes(w)),
    );
    const brands = [...new Set(scoped.map((p) => p.brand))].sort((a, b) => a.localeCompare(b));
    const brand = query.brand?.toLowerCase();
    const listed = scoped.filter((p) => {
      const cents = toCents(p.price);
      return (
        (!brand || p.brand.toLowerCase() === brand) &&
        (query.priceMin === undefined || cents >= Math.round(query.priceMin * 100)) &&
        (query.priceMax === undefined || cents <= Math.round(query.priceMax * 100))
      );
    });
    const sort = query.sort ?? 'default';
    const byName = (a: (typeof listed)[number], b: (typeof listed)[number]) => a.name[locale].localeCompare(b.name[locale]);
    const byPrice = (a: (typeof listed)[number], b: (typeof listed)[number]) => toCents(a.price) - toCents(b.price);
    if (sort === 'name-asc') listed.sort(byName);
    if (sort === 'name-desc') listed.sort((a, b) => byName(b, a));
    if (sort === 'price-asc') listed.sort(byPrice);
    if (sort === 'price-desc') listed.sort((a, b) => byPrice(b, a));
    const pageSize = shop.state.settings.pageSize;
    const page = query.page ?? 1;
    return {
      products: listed
        .slice((page - 1) * pageSize, page * pageSize)
        .map((p) => productSummary(shop.state, p, locale, coverage)),
      total: listed.length,
      page,
      pageSize,
      brands,
      coveragePlan: coverage,
    };
  },
  product: ({ shop, params, query, locale, customer }) => {
    const p = productOr404(shop, params.id);
    const coverage = planOr422(shop, query.coveragePlan) ?? customer?.plan ?? null;
    return {
      product: productDetail(shop.state, p, locale, customer, coverage),
      similar: shop.state.products
        .filter((x) => x.categoryId === p.categoryId && x.id !== p.id)
        .slice(0, 4)
        .map((x) => productSummary(shop.state, x, locale, coverage)),
      coveragePlan: coverage,
    };
  },
  search: ({ shop, query, locale, customer }) => {
    const plan = planOr422(shop, query.plan);
    const coverage = plan ?? customer?.plan ?? null;
    const words = fold(query.q).split(/\s+/).filter(Boolean);
    const matches = (text: string) => words.every((w) => fold(text).includes(w));
    return {
      status: 'success',
      products: shop.state.products
        .filter((p) => (!plan || p.plans.includes(plan)) && matches(`${p.name[locale]} ${p.brand}`))
        .slice(0, 20)
        .map((p) => {
          const s = productSummary(shop.state, p, locale, coverage);
          return {
            coveredByPlan: s.coveredByPlan ?? null,
            id: s.id,
            name: s.name,
            price: s.price,
            manufacturer: s.manufacturer,
            mainImage: s.mainImage,
            categoryId: s.categoryId,
            categoryName: s.categoryName,
          };
        }),
      categories: shop.state.categories
        .filter((c) => matches(c.name[locale]))
        .map((c) => ({ id: c.id, name: c.name[locale] })),
      coveragePlan: coverage,
    };
  },
  listFavorites: ({ shop, customer, locale }) => summaries(shop, customer.favorites, locale),
  addFavorite: ({ shop, customer, body, locale }) => {
    productOr404(shop, body.sku_id);
    if (!customer.favorites.includes(body.sku_id)) customer.favorites.push(body.sku_id);
    return summaries(shop, customer.favorites, locale);
  },
  removeFavorite: ({ shop, customer, params, locale }) => {
    customer.favorites = customer.favorites.filter((id) => id !== params.id);
    return summaries(shop, customer.favorites, locale);
  },
};
