// The shop scenarios of the SDK (packages/sdk/src/testing/scenarios/shop-scenarios.ts) against the
// real API in process: the app the route tests build (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), seeded, listening on an ephemeral loopback port (the development outbox
// answers loopback clients only). The SDK runs the same scenarios against its test kit
// (scenarios.test.ts there), so the kit is held to what the API answers (issue 32, item 12).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe } from 'vitest';
// The SDK's source client, the one the kit's run uses: the two runs differ only in the shop.
import { createClient } from '../../../packages/sdk/src/client/index.js';
import { createMemoryStorage } from '../../../packages/sdk/src/storage/index.js';
import { shopScenarios, type ScenarioTarget } from '../../../packages/sdk/src/testing/scenarios/shop-scenarios.js';
import { cookieJarFetch } from '../../../packages/sdk/src/testing/web-session.js';
import { promoCodes } from '../src/db/schema.js';
import { buildTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let api: ScenarioTarget;

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  api = {
    // The client's clock is the shop's, as a real client's and server's agree.
    // A web session's client keeps its cookies itself (Node's fetch keeps none), as one browser.
    client: ({ locale = 'en', authMode = 'tokens' } = {}) =>
      authMode === 'session'
        ? createClient({ baseUrl, authMode, fetch: cookieJarFetch(), locale, now: () => t.clock.now().getTime() })
        : createClient({ baseUrl, tokens: createMemoryStorage(), locale, now: () => t.clock.now().getTime() }),
    // As `ops promo:add` writes it.
    addPromoCode: async (promo) => {
      await t.database.db.insert(promoCodes).values({
        code: promo.code,
        percentOff: promo.percent,
        validFrom: promo.validFrom ?? null,
        validTo: promo.validTo ?? null,
        maxUsesPerCustomer: promo.maxUsesPerCustomer ?? null,
        maxUses: promo.maxUses ?? null,
      });
    },
    now: () => t.clock.now(),
    advance: (ms) => t.clock.advance(ms),
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the shop scenarios against the API in process', () => {
  shopScenarios(() => api);
});
