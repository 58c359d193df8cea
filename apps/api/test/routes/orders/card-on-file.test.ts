import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAnswerSchema } from '@otc/sdk/schemas';
import { toCents } from '@otc/sdk/rules';
import { sandboxAccounts } from '../../../src/db/schema.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { api, makeShopper, readyDraft, stockedProduct } from './fixtures.js';

// Issue 21: a member whose benefit card is on file pays with it (its id, `input.cardId`) instead
// of typing its 16 digits again; only a card of theirs and of the method's type.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { paymentMethods: ['trnsx', 'nationsbenefits', 'prohealth'] } });
});
afterAll(async () => t?.close());

async function placed(skip: number) {
  const product = await stockedProduct(t, 'cl1', 30, 1000, skip);
  const shopper = await makeShopper(t);
  const id = await readyDraft(t, shopper, product.id, 3);
  const as = api(t.app, shopper.token);
  const res = await as('PATCH', `/api/order/${id}/complete`);
  if (res.status !== 200) throw new Error(`complete ${res.status} ${JSON.stringify(res.body)}`);
  return { id, as, total: String(res.body.price) };
}

/** The id of the card ending in `last4` in a card list answer (`{ data: [...] }`). */
function idOf(answer: Record<string, unknown>, last4: string): string {
  const body = answer as { data: { id: number; last4: string }[] };
  const card = body.data.find((c) => c.last4 === last4);
  if (!card) throw new Error(`no card ending in ${last4}`);
  return String(card.id);
}

async function ledger(digits: string) {
  const fingerprint = t.app.services.cardFingerprint(digits);
  const [account] = await t.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.fingerprint, fingerprint));
  return account!.balanceCents;
}

describe('paying with the card on file', () => {
  it('charges the chosen card of the customer, no number and no code typed', async () => {
    const order = await placed(3);
    const added = await order.as('POST', '/api/insurance-card', { type: 'national', number: '6036000000000001', code: '456' });
    expect(added.status).toBe(200);
    const cardId = idOf(added.body, '0001');
    const before = await ledger('6036000000000001');
    const paid = await order.as('POST', `/api/order/${order.id}/pay`, { code: 'nationsbenefits', input: { cardId } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paymentAnswerSchema.parse(paid.body)).toMatchObject({ orderId: order.id, status: -5 });
    expect(await ledger('6036000000000001')).toBe(before - toCents(order.total));
    const detail = await order.as('GET', `/api/order/${order.id}`);
    expect(detail.body.payment).toMatchObject({ code: 'nationsbenefits', last4: '0001' });
  });

  it("refuses another customer's card, a card of another type, and an id that is no card, charging nothing", async () => {
    const owner = await placed(4);
    const added = await owner.as('POST', '/api/insurance-card', { type: 'network', number: '6035000000000003', code: '123' });
    expect(added.status).toBe(200);
    const cardId = idOf(added.body, '0003');
    const before = await ledger('6035000000000003');
    const other = await placed(5);
    for (const [code, input] of [
      ['trnsx', { cardId }],
      ['trnsx', { cardId: '999999' }],
      ['trnsx', { cardId: 'x' }],
    ] as const) {
      const res = await other.as('POST', `/api/order/${other.id}/pay`, { code, input });
      expect(res.status, JSON.stringify(input)).toBe(422);
      expect(res.body.code).toBe('card_number_or_code_is_not_correct');
    }
    // The owner's network card is not a national one.
    const wrongType = await owner.as('POST', `/api/order/${owner.id}/pay`, { code: 'nationsbenefits', input: { cardId } });
    expect(wrongType.body.code).toBe('card_number_or_code_is_not_correct');
    expect(await ledger('6035000000000003')).toBe(before);
  });
});
