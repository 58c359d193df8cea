import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Settings } from '../app/settings-api';

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
  orderCancelMinutes: 30,
};

export const server = setupServer(
  http.get(`${API}/api/constants`, () => HttpResponse.json(settingsFixture)),
  // Pages that show the catalog (home) ask for it; by default the shop is empty. Catalog tests
  // serve products with `useCatalogHandlers` (src/features/catalog/catalog-fixtures.ts).
  http.get(`${API}/api/catalog/categories`, () => HttpResponse.json([])),
  http.get(`${API}/api/health-plans`, () => HttpResponse.json([])),
  http.get(`${API}/api/catalog/products`, () =>
    HttpResponse.json({ products: [], total: 0, page: 1, pageSize: 24, brands: [] }),
  ),
  // A guest cart reads its products' names again in the page's language; by default the catalog
  // does not know them (the stored names stay).
  http.get(`${API}/api/catalog/products/:id`, () =>
    HttpResponse.json({ code: 'not_found', message: 'Not found' }, { status: 404 }),
  ),
);
