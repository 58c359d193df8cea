// The shop scenarios (shop-scenarios.ts) against the test kit; apps/api/test/kit-scenarios.test.ts
// runs the same scenarios against the real API, so the kit answers as the API does.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe } from 'vitest';
import { createClient } from '../../client/index.js';
import { createMemoryStorage } from '../../storage/index.js';
import { cookieJarFetch, createTestShop } from '../index.js';
import { shopScenarios, type ScenarioTarget } from './shop-scenarios.js';

const baseUrl = 'https://shop.test';
/** The kit's clock: real time, moved on by the scenarios (`advance`). */
let shift = 0;
const { handlers, shop } = createTestShop({ baseUrl, now: () => new Date(Date.now() + shift) });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const kit: ScenarioTarget = {
  client: ({ locale = 'en', authMode = 'tokens' } = {}) =>
    authMode === 'session'
      ? createClient({ baseUrl, authMode, fetch: cookieJarFetch(), locale, now: () => shop.now().getTime() })
      : createClient({ baseUrl, tokens: createMemoryStorage(), locale, now: () => shop.now().getTime() }),
  addPromoCode: async (promo) => {
    shop.seed({
      promoCodes: [
        {
          code: promo.code,
          percent: promo.percent,
          validFrom: promo.validFrom?.toISOString() ?? null,
          validTo: promo.validTo?.toISOString() ?? null,
          maxUsesPerCustomer: promo.maxUsesPerCustomer ?? null,
          maxUses: promo.maxUses ?? null,
        },
      ],
    });
  },
  now: () => shop.now(),
  advance: (ms) => {
    shift += ms;
  },
};

describe('the shop scenarios against @otc/sdk/testing', () => {
  shopScenarios(() => kit);
});
