import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_CARD_RANGES } from '@otc/sdk';
import type { Settings } from '../kernel/settings-api';

export const API = 'http://shop.test';

export const settingsFixture: Settings = {
  companyName: 'Benefit Shop LLC',
  copyrightYear: 2024,
  supportPhone: '+1 (800) 555-0199',
  ttyPhone: '711',
  supportEmail: 'help@example.com',
  deliveryStates: ['CA', 'TX'],
  minimumOrder: '25.00',
  paymentMethods: ['trnsx', 'prohealth', 'nationsbenefits'],
  cardRanges: { network: [...DEFAULT_CARD_RANGES.network], national: [...DEFAULT_CARD_RANGES.national], s3: [...DEFAULT_CARD_RANGES.s3] },
  requiredProfileFields: ['firstName', 'lastName', 'birthdate'],
  codeResendSeconds: 60,
  pageSize: 24,
  notificationTimeoutMs: 5000,
  addingContactsEnabled: true,
  defaultLoginRedirect: '/',
  catalogPath: '/catalog',
  productPath: '/item',
  promotions: [{ code: 'Welcome10', percent: 10 }],
  unpaidOrderMinutes: 30,
  maxUnitsPerItem: 20,
  orderCancelMinutes: 30,
  deliveryEstimate: { minBusinessDays: 2, maxBusinessDays: 5 },
};

export const server = setupServer(
  http.get(`${API}/api/constants`, () => HttpResponse.json(settingsFixture)),
  // Pages that show the catalog (home) ask for it; by default the shop is empty. Catalog tests
  // serve products with `useCatalogHandlers` (src/features/catalog/catalog-fixtures.ts).
  // Session mode (docs/web-session.md): a guest without a cart cookie has no server cart; a write
  // before any cookie needs no CSRF token; a sign-out ends the cookie's session.
  http.get(`${API}/api/cart`, () => HttpResponse.json({ draft: null })),
  http.get(`${API}/api/auth/csrf`, () => HttpResponse.json({ csrf_token: null })),
  http.post(`${API}/api/auth/logout`, () => HttpResponse.json({ ok: true })),
  // The allowance reminder setting (a member's header reads its `daysBefore`): e-mail, 14 days.
  http.get(`${API}/api/customer/reminders`, () =>
    HttpResponse.json({ reminders: 'email', daysBefore: 14, canText: false }),
  ),
  http.get(`${API}/api/catalog/categories`, () => HttpResponse.json([])),
  http.get(`${API}/api/health-plans`, () => HttpResponse.json([])),
  // A guest's plan: the API sets the otc_plan cookie (a browser keeps it; here it is written).
  http.put(`${API}/api/guest-plan`, async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    const chosen = code.trim() || null;
    document.cookie = chosen ? `otc_plan=${chosen}; path=/` : 'otc_plan=; path=/; max-age=0';
    return HttpResponse.json({ code: chosen });
  }),
  http.get(`${API}/api/catalog/products`, () =>
    HttpResponse.json({ products: [], total: 0, page: 1, pageSize: 24, brands: [] }),
  ),
  // A guest without a cart cookie has no server cart (session mode, docs/web-session.md); tests of
  // a guest's cart serve one with `fakeGuestCart` (fake-cart-api.ts).
  http.get(`${API}/api/cart`, () => HttpResponse.json({ draft: null })),
  // A guest cart reads its products' names again in the page's language; by default the catalog
  // does not know them (the stored names stay).
  http.get(`${API}/api/catalog/products/:id`, () =>
    HttpResponse.json({ code: 'not_found', message: 'Not found' }, { status: 404 }),
  ),
);
