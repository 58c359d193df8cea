// The test shop's suggested basket and reminders (issue 31), driven by the SDK's own client.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../client/index.js';
import { ValidationError } from '../errors/index.js';
import { toCents } from '../money/index.js';
import { createMemoryStorage } from '../storage/index.js';
import { testUnsubscribeToken } from './basket-routes.js';
import { createTestShop } from './index.js';

const baseUrl = 'https://shop.test';
const { handlers, shop } = createTestShop({ baseUrl, now: () => new Date('2026-12-20T12:00:00Z') });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => shop.reset());
afterAll(() => server.close());

function signedIn(login: string, locale: 'en' | 'es' = 'en') {
  const client = createClient({ baseUrl, tokens: createMemoryStorage(), locale });
  client.signIn(shop.tokensFor(login));
  return client;
}

describe('the test shop: suggested basket and reminders', () => {
  it('suggests covered, in-stock items within the allowance left, in the asked language', async () => {
    const basket = await signedIn('s3.demo@example.com', 'es').customer.suggestedBasket();
    expect(basket.plan?.code).toBe('uhc');
    expect(basket.periodEndsAt).toBe('2026-12-31');
    expect(basket.items.length).toBeGreaterThan(0);
    expect(toCents(basket.total)).toBeLessThanOrEqual(toCents(basket.allowanceLeft));
    for (const row of basket.items) {
      const product = shop.state.products.find((p) => p.id === row.product.id)!;
      expect(product.plans).toContain('uhc');
      expect(row.product.inStock).toBeGreaterThanOrEqual(row.amount);
      expect(row.product.name).toBe(product.name.es);
    }
  });

  it('keeps the setting, refuses texts without a phone that takes them, and sends one reminder a period', async () => {
    const client = signedIn('s3.demo@example.com');
    expect(await client.customer.reminders()).toMatchObject({ reminders: 'email', daysBefore: 14 });
    const demo = shop.customer('s3.demo@example.com')!;
    for (const phone of demo.phones) phone.receiveSms = false;
    const refused = await client.customer.setReminders('sms').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldCodes).toEqual({ reminders: 'reminders_need_phone' });

    expect(await client.settings.runReminders('2026-12-16')).toEqual({ asOf: '2026-12-16', sent: 0 });
    const first = await client.settings.runReminders('2026-12-17');
    expect(first.sent).toBeGreaterThan(0);
    expect((await client.settings.runReminders('2026-12-20')).sent).toBe(0);
    const mail = shop.outbox.last('s3.demo@example.com');
    expect(mail.headers?.['List-Unsubscribe']).toContain(testUnsubscribeToken(demo.id));
  });

  it('turns reminders off with the signed link, signed out; a changed link is refused', async () => {
    const demo = shop.customer('s3.demo@example.com')!;
    const guest = createClient({ baseUrl, tokens: createMemoryStorage() });
    expect(await guest.customer.unsubscribePreview(testUnsubscribeToken(demo.id))).toMatchObject({ action: 'would_turn_off' });
    expect(await guest.customer.unsubscribe(testUnsubscribeToken(demo.id))).toMatchObject({ action: 'turned_off', reminders: 'off' });
    const wrong = await guest.customer.unsubscribe(`${demo.id}.other`).catch((e: unknown) => e);
    expect((wrong as ValidationError).fieldCodes).toEqual({ token: 'unsubscribe_link_invalid' });
  });
});
