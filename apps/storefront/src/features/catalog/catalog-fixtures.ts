// Test fixtures: a small catalog served by msw the way the contract describes it (filters,
// sort, pages of PAGE_SIZE), and a log of the product-list requests the API received.
import { http, HttpResponse } from 'msw';
import type { ProductDetail, ProductSummary, SearchMatch } from '@otc/sdk';
import { API, server } from '../../test/server';
import { testVisitor } from '../../test/visitor';
import type { CategoryList, HealthPlanList, ProductList } from './catalog-api';

export const PAGE_SIZE = 4;

export const categoriesFixture: CategoryList = [
  { id: 1, name: 'Vitamins', slug: 'vitamins', productCount: 6 },
  { id: 2, name: 'First aid', slug: 'first-aid', productCount: 4 },
];

export const plansFixture: HealthPlanList = [
  { id: 1, code: 'GOLD', name: 'Gold Advantage', company: 'Sunrise Health' },
  { id: 2, code: 'SILVER', name: 'Silver Care', company: 'Sunrise Health' },
];

function product(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  const vitamins = id <= 6;
  return {
    id,
    name: `${vitamins ? 'Vitamin' : 'Bandage'} ${String.fromCharCode(64 + id)}`,
    price: `${id}.50`,
    inStock: 10,
    status: null,
    brand: vitamins ? 'Nature Health' : 'CarePlus',
    manufacturer: vitamins ? 'Nature Labs Inc.' : 'CarePlus Medical',
    categoryId: vitamins ? 1 : 2,
    categoryName: vitamins ? 'Vitamins' : 'First aid',
    mainImage: `/api/images/products/${id}.svg`,
    ...overrides,
  };
}

/** Ten products: 1-6 vitamins, 7-10 first aid; 3 is out of stock, 4 is discontinued. */
export const productsFixture: ProductSummary[] = Array.from({ length: 10 }, (_, index) => {
  const id = index + 1;
  if (id === 3) return product(id, { inStock: 0, status: 1 });
  if (id === 4) return product(id, { status: -1 });
  return product(id);
});

export function detailOf(
  summary: ProductSummary,
  overrides: Partial<ProductDetail> = {},
): ProductDetail {
  return {
    ...summary,
    description: `${summary.name} keeps you well.`,
    sku: `OTC-${String(summary.id).padStart(6, '0')}`,
    images: [summary.mainImage, `/api/images/products/${summary.id}-b.svg`],
    plans: ['GOLD'],
    eligible: null,
    favorite: false,
    ...overrides,
  };
}

/** Which products a plan covers: GOLD all but 2 and 8; SILVER the first aid ones (7-10). */
export function planCovers(plan: string, id: number): boolean {
  if (plan === 'GOLD') return id !== 2 && id !== 8;
  if (plan === 'SILVER') return id >= 7;
  return false;
}

/**
 * The plan the API finds for a request with a bearer token (a signed-in member's saved plan);
 * null: none. Set by a test, reset by `useCatalogHandlers`.
 */
export const tokenPlan = { code: null as string | null };

/** Words the fixture search knows as others (the shop's synonyms, as the contract says them). */
const synonyms: Record<string, SearchMatch> = {
  'band-aid': { kind: 'brand', term: 'Band-Aid', as: 'bandage' },
  curitas: { kind: 'brand', term: 'curitas', as: 'bandage' },
  vitamns: { kind: 'spelling', term: 'vitamns', as: 'vitamin' },
};

/** The plan whose marks an answer carries: `coveragePlan`, else `plan`, else the session's. */
function coveragePlanOf(params: URLSearchParams): string | null {
  return params.get('coveragePlan') || params.get('plan') || (testVisitor.signedIn ? tokenPlan.code : null);
}

function marked(row: ProductSummary, plan: string | null): ProductSummary {
  return { ...row, coveredByPlan: plan ? planCovers(plan, row.id) : null };
}

/**
 * When set, the product list answers only once it resolves: the loading state is looked at for as
 * long as the test needs, however busy the machine (a 1.5 s delay in its place ran out beside the
 * browser suites in CI).
 */
export const listGate: { held: Promise<void> | null } = { held: null };

/** Holds the product list's answers until the returned function is called. */
export function holdProductList(): () => void {
  let release = () => {};
  listGate.held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    listGate.held = null;
    release();
  };
}

/** Every product-list query the API received, in order. */
export const productRequests: URLSearchParams[] = [];
/** Every product-detail query the API received, in order. */
export const productDetailRequests: URLSearchParams[] = [];

export function listAnswer(params: URLSearchParams): ProductList {
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const synonym = q ? synonyms[q] : undefined;
  const words = synonym ? synonym.as : q;
  const plan = params.get('plan');
  let rows = productsFixture.filter(
    (row) =>
      (!words || row.name.toLowerCase().includes(words)) &&
      (!plan || planCovers(plan, row.id)) &&
      (!params.get('category') || row.categoryId === Number(params.get('category'))) &&
      (!params.get('brand') || row.brand === params.get('brand')) &&
      (!params.get('priceMin') || Number(row.price) >= Number(params.get('priceMin'))) &&
      (!params.get('priceMax') || Number(row.price) <= Number(params.get('priceMax'))),
  );
  const sort = params.get('sort');
  if (sort === 'price-desc') rows = [...rows].sort((a, b) => Number(b.price) - Number(a.price));
  if (sort === 'name-desc') rows = [...rows].sort((a, b) => b.name.localeCompare(a.name));
  const page = Number(params.get('page') ?? '1');
  const coveragePlan = coveragePlanOf(params);
  return {
    products: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => marked(row, coveragePlan)),
    total: rows.length,
    page,
    pageSize: PAGE_SIZE,
    brands: [...new Set(rows.map((row) => row.brand))],
    matched: synonym ? [synonym] : [],
    coveragePlan,
  };
}

/** Serves categories, plans, the product list and product details from the fixtures. */
export function useCatalogHandlers(details: Record<number, ProductDetail> = {}) {
  productRequests.length = 0;
  productDetailRequests.length = 0;
  listGate.held = null;
  tokenPlan.code = null;
  server.use(
    http.get(`${API}/api/catalog/categories`, () => HttpResponse.json(categoriesFixture)),
    http.get(`${API}/api/health-plans`, () => HttpResponse.json(plansFixture)),
    http.get(`${API}/api/catalog/products`, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      productRequests.push(params);
      if (listGate.held) await listGate.held;
      return HttpResponse.json(listAnswer(params));
    }),
    http.get(`${API}/api/catalog/products/:id`, ({ params, request }) => {
      const id = Number(params.id);
      const query = new URL(request.url).searchParams;
      productDetailRequests.push(query);
      const summary = productsFixture.find((row) => row.id === id);
      if (!summary) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const coveragePlan = coveragePlanOf(query);
      return HttpResponse.json({
        product: { ...(details[id] ?? detailOf(summary)), coveredByPlan: coveragePlan ? planCovers(coveragePlan, id) : null },
        similar: productsFixture
          .filter((row) => row.categoryId === summary.categoryId && row.id !== id)
          .slice(0, 2)
          .map((row) => marked(row, coveragePlan)),
        coveragePlan,
      });
    }),
  );
}
