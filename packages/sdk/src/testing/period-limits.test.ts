// The test shop applies the plan's per-period item limits and the period's end as the API does
// (issue 31, items 4 and 5), with the SDK's own rules.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client/index.js';
import { isApiError, type ValidationError } from '../errors/index.js';
import { createMemoryStorage } from '../storage/index.js';
import { createTestShop } from './index.js';

const baseUrl = 'https://limits.test';
let clock = new Date('2026-12-31T23:45:00Z');
const { handlers, shop } = createTestShop({ baseUrl, now: () => clock });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function linda(locale: 'en' | 'es' = 'en') {
  const c = createClient({ baseUrl, tokens: createMemoryStorage(), locale });
  await c.auth.requestCode('s3.demo@example.com');
  await c.auth.verifyCode('s3.demo@example.com', shop.outbox.lastCode('s3.demo@example.com'));
  return c;
}

describe('the test shop: per-period limits and the period end', () => {
  it('refuses more than the period leaves, holds until the period ends, and a cancel gives the units back', async () => {
    clock = new Date('2026-12-31T23:45:00Z');
    shop.state.plans.find((p) => p.code === 'uhc')!.unitsPerPeriod = { 4: 9 };
    const c = await linda('es');
    const draft = await c.orders.addToDraft(4, 5);
    const home = await c.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' });
    await c.orders.setDelivery(home.id);
    const placed = await c.orders.complete(draft.id);
    // Placed 15 minutes before the quarter ends: held until then, not the usual 30 minutes.
    expect(shop.state.orders.find((o) => o.id === placed.id)?.payableUntil).toBe('2027-01-01T00:00:00.000Z');

    const refused = await c.orders.addToDraft(4, 5).catch((e: unknown) => e);
    expect(isApiError(refused, 'period_limit_reached')).toBe(true);
    expect(refused).toMatchObject({ status: 422 });
    expect((refused as ValidationError).fieldCodes).toEqual({ amount: 'period_limit_reached' });
    expect((refused as ValidationError).fieldErrors).toEqual({
      amount: 'Su plan permite 9 unidades de este producto por período. Puede pedir 4 más en este período.',
    });
    await expect(c.orders.addToDraft(4, 4)).resolves.toMatchObject({ rows: [expect.objectContaining({ amount: 4 })] });

    // Paying checks again: a limit lowered since placing refuses before any charge.
    shop.state.plans.find((p) => p.code === 'uhc')!.unitsPerPeriod = { 4: 4 };
    const refusedPay = await c.orders.pay(placed.id, { code: 'trnsx', input: { card: '6035000000000001', code: '123' } }).catch((e: unknown) => e);
    expect(isApiError(refusedPay, 'period_limit_reached')).toBe(true);
    shop.state.plans.find((p) => p.code === 'uhc')!.unitsPerPeriod = { 4: 9 };

    await c.orders.cancel(placed.id);
    await expect(c.orders.addToDraft(4, 5)).resolves.toMatchObject({ rows: [expect.objectContaining({ amount: 9 })] });
  });
});
