import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailSchema, orderDraftSchema, paymentAnswerSchema, placedOrderSchema } from '@otc/sdk/schemas';
import { STATUS_AFTER_PAYMENT } from '@otc/sdk/rules';
import { toCents } from '@otc/sdk/rules';
import { cards, orderEvents, payments, products, sandboxAccounts } from '../../../src/db/schema.js';
import { CARD_TRIES_PER_HOUR } from '../../../src/services/payments.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { api, makeShopper, productStock, readyDraft, stockedProduct } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { paymentMethods: ['trnsx', 'nationsbenefits', 'prohealth', 'balance'] } });
});
afterAll(async () => t?.close());

describe('the whole order life', () => {
  it('draft, items, Welcome10, delivery, complete, pay, list, detail, advance to delivered', async () => {
    const shopper = await makeShopper(t);
    const product = await stockedProduct(t, 'cl1', 20, 1000);
    const as = api(t.app, shopper.token);

    const draft = await as('POST', '/api/order/prepare-draft', { agentId: 'agent-7' });
    expect(draft.status).toBe(200);
    expect(orderDraftSchema.parse(draft.body)).toMatchObject({ status: 0, rows: [], price: '0.00' });
    const id = Number(draft.body.id);
    const again = await as('POST', '/api/order/prepare-draft', {});
    expect(again.body.id).toBe(id);

    const added = await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 3 });
    expect(added.status).toBe(200);
    const line = product.priceCents * 3;
    expect(added.body).toMatchObject({ rows: [{ amount: 3, badReasonCode: null }], price: (line / 100).toFixed(2) });

    const recalculated = await as('PATCH', `/api/order/${id}/recalculate`);
    expect(recalculated.status).toBe(200);
    expect(recalculated.body.totals).toMatchObject({ subtotal: (line / 100).toFixed(2), shipping: '0.00', tax: '0.00' });

    const promo = await as('PATCH', `/api/order/${id}`, { promoCode: 'welcome10' });
    expect(promo.status).toBe(200);
    const discount = Math.floor((line * 10 + 50) / 100);
    const parsed = orderDraftSchema.parse(promo.body);
    expect(parsed.promoCode).toBe('Welcome10');
    expect(toCents(parsed.totals.discount)).toBe(discount);
    expect(toCents(parsed.price)).toBe(line - discount);

    const none = await as('GET', '/api/order/delivery');
    expect(none.body).toEqual({ orderId: id, address: null });
    const delivery = await as('PUT', '/api/order/delivery', { addressId: shopper.addressId });
    expect(delivery.status).toBe(200);
    expect((await as('GET', '/api/order/delivery')).body).toMatchObject({ orderId: id, address: { state: 'FL' } });

    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe(-10);
    // The answer names the order number, the same one paying and the history answer later.
    const { number } = placedOrderSchema.parse(placed.body);
    expect(number).toMatch(/^\d+$/);
    expect(await productStock(t, product.id)).toEqual({ stock: 20, reserved: 3 });

    const before = await t.database.db.select().from(sandboxAccounts);
    const paid = await as('POST', `/api/order/${id}/pay`, { code: 'trnsx', input: { card: '6035 0000 0000 0001', code: '123' } });
    expect(paid.status).toBe(200);
    expect(paymentAnswerSchema.parse(paid.body)).toMatchObject({ orderId: id, number, status: -5, paidBy: 'Test Shopper', amount: parsed.price });
    expect(await productStock(t, product.id)).toEqual({ stock: 17, reserved: 0 });
    const after = await t.database.db.select().from(sandboxAccounts);
    const spent = before.reduce((n, a) => n + a.balanceCents, 0) - after.reduce((n, a) => n + a.balanceCents, 0);
    expect(spent).toBe(line - discount);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment).toMatchObject({ last4: '0001', status: 'approved' });
    expect(JSON.stringify(payment)).not.toContain('6035000000000001');

    const list = await as('GET', '/api/order');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, items: [{ id, number, status: -5, itemCount: 3, total: parsed.price }] });
    const next = await as('POST', '/api/order/prepare-draft', {});
    expect(next.body.id).not.toBe(id);

    for (const status of [10, 20, 30]) {
      const advanced = await t.app.services.fulfilment.advance(id);
      expect(advanced.status).toBe(status);
    }
    const detail = await as('GET', `/api/order/${id}`);
    expect(detail.status).toBe(200);
    const shown = orderDetailSchema.parse(detail.body);
    expect(shown.tracking?.carrier).toBe('UPS');
    expect(shown.tracking?.number).toMatch(/^1Z/);
    expect(shown.events.map((e) => e.status)).toEqual([-10, -5, 10, 20, 30]);
    expect(shown.products[0]).toMatchObject({ sku_id: product.id, qty: 3, status: 30, link: `/item/${product.id}` });
    expect(shown.billing.total).toBe(parsed.price);
    expect(shown.payment).toMatchObject({ code: 'trnsx', last4: '0001' });
    expect(shown.deliveryAddress).toMatchObject({ state: 'FL' });
    expect(shown.deliveredAt).not.toBeNull();
  });
});

describe('draft changes', () => {
  it('refuses unknown skus, amounts beyond stock and names rows of items', async () => {
    const shopper = await makeShopper(t);
    const product = await stockedProduct(t, 'cl1', 2, 0, 1);
    const as = api(t.app, shopper.token);
    const id = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    const unknown = await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: 999999, amount: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data).toHaveProperty('sku_id');
    const beyond = await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 3 });
    expect(beyond.status).toBe(422);
    expect(beyond.body.data).toEqual({ amount: ['You cannot add more'] });
    const items = await as('PUT', `/api/order/${id}/items`, {
      rows: [{ sku_id: product.id, amount: 1 }, { sku_id: product.id + 1000000, amount: 1 }],
    });
    expect(items.status).toBe(422);
    expect(items.body.data).toHaveProperty(['rows.1.sku_id']);
    const tooMany = await as('PUT', `/api/order/${id}/items`, { rows: [{ sku_id: product.id, amount: 5 }] });
    expect(tooMany.body.data).toEqual({ 'rows.0.amount': ['You cannot add more'] });
    const ok = await as('PUT', `/api/order/${id}/items`, { rows: [{ sku_id: product.id, amount: 2 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.rows).toHaveLength(1);
    const removed = await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 0 });
    expect(removed.body.rows).toEqual([]);
  });

  it('answers the spec message for an unknown promo code, in Spanish too, and clears with null', async () => {
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const id = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    const bad = await as('PATCH', `/api/order/${id}`, { promoCode: 'NOPE99' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'promo_code_invalid', data: { promoCode: ['The code you entered is not valid.'] } });
    const es = await t.app.inject({
      method: 'PATCH', url: `/api/order/${id}`, payload: { promoCode: 'NOPE99' },
      headers: { authorization: `Bearer ${shopper.token}`, 'accept-language': 'es' },
    });
    expect(es.json().data.promoCode[0]).toBe('El código que ingresó no es válido.');
    await as('PATCH', `/api/order/${id}`, { promoCode: 'Welcome10' });
    const cleared = await as('PATCH', `/api/order/${id}`, { promoCode: null });
    expect(cleared.body.promoCode).toBeNull();
  });

  it('flags rows: not available, not supported by the plan, out of stock', async () => {
    const shopper = await makeShopper(t, { plan: 'cl1' });
    const as = api(t.app, shopper.token);
    const a = await stockedProduct(t, 'cl1', 5, 0, 2);
    const b = await stockedProduct(t, 'cl1', 5, 0, 3);
    const id = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    await as('PUT', `/api/order/${id}/items`, { rows: [{ sku_id: a.id, amount: 2 }, { sku_id: b.id, amount: 2 }] });
    await t.database.db.update(products).set({ status: 0 }).where(eq(products.id, a.id));
    await t.database.db.update(products).set({ stock: 1 }).where(eq(products.id, b.id));
    const recalculated = await as('PATCH', `/api/order/${id}/recalculate`);
    expect(recalculated.body.rows).toMatchObject([{ badReasonCode: 3 }, { badReasonCode: 1 }]);
    expect(recalculated.body.price).toBe('0.00');
    await as('PUT', '/api/order/delivery', { addressId: shopper.addressId });
    const refused = await as('PATCH', `/api/order/${id}/complete`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Please resolve issues in your order list before continue');
    await t.database.db.update(products).set({ status: null }).where(eq(products.id, a.id));
  });
});

describe('complete and back to draft', () => {
  it('refuses under the minimum, without delivery, with an incomplete profile', async () => {
    const product = await stockedProduct(t, 'cl1', 50, 1000, 4);
    const small = await makeShopper(t);
    const id = await readyDraft(t, small, product.id, 1);
    await t.app.services.db.update(products).set({ priceCents: 1000 }).where(eq(products.id, product.id));
    const under = await api(t.app, small.token)('PATCH', `/api/order/${id}/complete`);
    expect(under.status).toBe(422);
    expect(under.body).toMatchObject({
      code: 'minimum_order',
      message: '$25.00 Minimum Order.',
      fields: { total: [{ code: 'minimum_order', params: { qty: '$25.00' } }] },
    });

    const noAddress = await makeShopper(t);
    const as = api(t.app, noAddress.token);
    const draft = Number((await as('POST', '/api/order/prepare-draft', {})).body.id);
    await as('PATCH', `/api/order/${draft}/sku-amount`, { sku_id: product.id, amount: 3 });
    const missing = await as('PATCH', `/api/order/${draft}/complete`);
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('delivery_address_required');

    const incomplete = await makeShopper(t, { profile: false });
    const third = await readyDraft(t, incomplete, product.id, 3);
    const profile = await api(t.app, incomplete.token)('PATCH', `/api/order/${third}/complete`);
    expect(profile.status).toBe(422);
    expect(profile.body).toMatchObject({
      code: 'profile_incomplete',
      data: { firstName: ['Required'], lastName: ['Required'], birthdate: ['Required'] },
      fields: { firstName: [{ code: 'required' }], lastName: [{ code: 'required' }], birthdate: [{ code: 'required' }] },
    });
  });

  it('refuses a delivery address outside the delivery states', async () => {
    const outside = await makeShopper(t, { state: 'XX' });
    const res = await api(t.app, outside.token)('PUT', '/api/order/delivery', { addressId: outside.addressId });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ addressId: ['State is required'] });
  });

  it('back to draft releases the reservation; a draft is refused', async () => {
    const product = await stockedProduct(t, 'cl1', 10, 1000, 5);
    const shopper = await makeShopper(t);
    const as = api(t.app, shopper.token);
    const id = await readyDraft(t, shopper, product.id, 3);
    const refused = await as('PATCH', `/api/order/${id}/back-to-draft`);
    expect(refused.status).toBe(422);
    const placed = await as('PATCH', `/api/order/${id}/complete`);
    expect(placed.status).toBe(200);
    expect((await productStock(t, product.id)).reserved).toBe(3);
    const back = await as('PATCH', `/api/order/${id}/back-to-draft`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id, status: 0 });
    expect((await productStock(t, product.id)).reserved).toBe(0);
    // Placed again, it keeps its number.
    const again = await as('PATCH', `/api/order/${id}/complete`);
    expect(again.status).toBe(200);
    expect(placed.body.number).toMatch(/^\d+$/);
    expect(again.body.number).toBe(placed.body.number);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.map((e) => e.status)).toEqual([-10, 0, -10]);
  });
});

/** A placed order (3 units of a product of the plan) of a new shopper of app `on`. */
async function placedOn(on: TestApp, options: { plan?: string; balanceCents?: number } = {}, skip = 6) {
  const product = await stockedProduct(on, options.plan ?? 'cl1', 30, 1000, skip);
  const shopper = await makeShopper(on, options);
  const id = await readyDraft(on, shopper, product.id, 3);
  const res = await api(on.app, shopper.token)('PATCH', `/api/order/${id}/complete`);
  if (res.status !== 200) throw new Error(`complete ${res.status} ${JSON.stringify(res.body)}`);
  return { id, shopper, product, as: api(on.app, shopper.token), total: String(res.body.price) };
}

describe('payment', () => {
  const placed = (options: { plan?: string; balanceCents?: number } = {}, skip = 6) => placedOn(t, options, skip);

  it('answers the sandbox declines, lack of funds and unavailable methods', async () => {
    const { id, as } = await placed();
    const declined = await as('POST', `/api/order/${id}/pay`, { code: 'trnsx', input: { card: '6035000000000002', code: '123' } });
    expect(declined.status).toBe(422);
    expect(declined.body.code).toBe('card_number_or_code_is_not_correct');
    const poor = await as('POST', `/api/order/${id}/pay`, { code: 'trnsx', input: { card: '6035000000000003', code: '123' } });
    expect(poor.body).toMatchObject({ code: 'notEnoughBalance', message: "You don't have enough funds to pay for this order" });
    const short = await as('POST', `/api/order/${id}/pay`, { code: 'trnsx', input: { card: '6035 0000' } });
    expect(short.status).toBe(422);
    expect(short.body.data).toHaveProperty('card');
    const credit = await as('POST', `/api/order/${id}/pay`, { code: 'credit', input: { card: '4242424242424242' } });
    expect(credit.body).toMatchObject({ code: 'payment_methods_unavailable', message: 'Payment methods are not available. Please try again later.' });
    const noCard = await as('POST', `/api/order/${id}/pay`, { code: 'prohealth', input: {} });
    expect(noCard.body).toMatchObject({ code: 'no_active_card', message: 'No active card found.' });
    const declines = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(declines.map((p) => p.status)).toEqual(['declined', 'declined']);
  });

  it('pays from the balance (never below zero) and confirms', async () => {
    const poor = await placed({ balanceCents: 100 });
    const refused = await poor.as('POST', `/api/order/${poor.id}/pay`, { code: 'balance', input: {} });
    expect(refused.body.code).toBe('notEnoughBalance');
    const rich = await placed({ balanceCents: 100000 });
    const ok = await rich.as('POST', `/api/order/${rich.id}/pay`, { code: 'balance', input: {} });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe(1);
    const me = await rich.as('GET', '/api/auth/me');
    expect(toCents(String(me.body.balance))).toBe(100000 - toCents(rich.total));
  });

  it('charges once when paid twice, also concurrently', async () => {
    const first = await placed();
    const pay = () => first.as('POST', `/api/order/${first.id}/pay`, { code: 'nationsbenefits', input: { card: '6036000000000001', code: '456' } });
    const one = await pay();
    const two = await pay();
    expect(one.status).toBe(200);
    expect(two.body).toEqual(one.body);
    const second = await placed();
    const payBoth = () => second.as('POST', `/api/order/${second.id}/pay`, { code: 'nationsbenefits', input: { card: '6036000000000001', code: '456' } });
    const results = await Promise.all([payBoth(), payBoth()]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[1]!.body).toEqual(results[0]!.body);
    for (const id of [first.id, second.id]) {
      const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
      expect(rows).toHaveLength(1);
    }
    expect(await productStock(t, second.product.id)).toMatchObject({ reserved: 0 });
  });
});

describe('a card pays only for its owner', () => {
  const placed = (options: { plan?: string; balanceCents?: number } = {}, skip = 6) => placedOn(t, options, skip);
  /** The one answer of a wrong number, a wrong code and another member's card. */
  const NOT_CORRECT = {
    message: 'Card number or code is not correct',
    code: 'card_number_or_code_is_not_correct',
    data: { card: ['Card number or code is not correct'] },
    fields: { card: [{ code: 'card_number_or_code_is_not_correct' }] },
  };
  const ledger = async (digits: string) => {
    const fingerprint = t.app.services.cardFingerprint(digits);
    const [account] = await t.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.fingerprint, fingerprint));
    const [card] = await t.database.db.select().from(cards).where(eq(cards.fingerprint, fingerprint));
    return { account: account!.balanceCents, card: card?.balanceCents ?? null };
  };
  const approvedPayments = async (orderId: number) =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId))).filter((p) => p.status === 'approved');

  it("refuses another member's card (number alone, wrong code, even its code) as it refuses a wrong number; nothing is charged", async () => {
    const order = await placed();
    const rosa = await ledger('6035000000001001');
    const james = await ledger('6036000000001001');
    const unlinked = await ledger('6035000000000001');
    expect(rosa.card).toBe(15000); // the demo customer's card, linked to her
    const tries: [string, Record<string, string>][] = [
      ['trnsx', { card: '6035000000001001' }], // Rosa's card, the number alone (the reported case)
      ['trnsx', { card: '6035 0000 0000 1001', code: '000' }], // ... with a wrong code
      ['trnsx', { card: '6035000000001001', code: '321' }], // ... even with its code: not this customer's
      ['nationsbenefits', { card: '6036000000001001' }], // James's card
      ['trnsx', { card: '6035000000009999', code: '123' }], // a number that does not exist
      ['trnsx', { card: '6035000000009999' }],
      ['trnsx', { card: '6035000000000001' }], // a card on nobody's account, without its code
      ['trnsx', { card: '6035000000000001', code: '999' }], // ... with a wrong code
      ['nationsbenefits', { card: '6036000000000001', code: '123' }], // another type's code
    ];
    for (const [code, input] of tries) {
      const res = await order.as('POST', `/api/order/${order.id}/pay`, { code, input });
      expect(res.status, JSON.stringify(input)).toBe(422);
      expect(res.body, JSON.stringify(input)).toEqual(NOT_CORRECT);
    }
    expect(await ledger('6035000000001001')).toEqual(rosa);
    expect(await ledger('6036000000001001')).toEqual(james);
    expect(await ledger('6035000000000001')).toEqual(unlinked);
    expect(await approvedPayments(order.id)).toEqual([]);
    expect((await order.as('GET', `/api/order/${order.id}`)).body.status).toBe(-10);
    expect(await productStock(t, order.product.id)).toMatchObject({ reserved: 3 });

    // The same order pays with a card typed with its right code.
    const paid = await order.as('POST', `/api/order/${order.id}/pay`, { code: 'trnsx', input: { card: '6035000000000001', code: ' 123 ' } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: STATUS_AFTER_PAYMENT.trnsx });
    expect((await ledger('6035000000000001')).account).toBe(unlinked.account - toCents(order.total));
  });

  it('answers insufficient funds only once the code is right', async () => {
    const order = await placed({}, 7);
    const pay = (input: Record<string, string>) => order.as('POST', `/api/order/${order.id}/pay`, { code: 'trnsx', input });
    expect((await pay({ card: '6035000000000003' })).body).toEqual(NOT_CORRECT);
    expect((await pay({ card: '6035000000000003', code: '124' })).body).toEqual(NOT_CORRECT);
    const poor = await pay({ card: '6035000000000003', code: '123' });
    expect(poor.status).toBe(422);
    expect(poor.body).toMatchObject({ code: 'notEnoughBalance' });
    expect((await ledger('6035000000000003')).account).toBe(500);
  });

  it("names a typed card's type when its number is another type's (issue 33, item 2), charging and counting nothing", async () => {
    const order = await placed({}, 9);
    const before = await ledger('6036000000000001');
    const res = await order.as('POST', `/api/order/${order.id}/pay`, { code: 'trnsx', input: { card: '6036000000000001', code: '456' } });
    expect(res.status).toBe(422);
    // A field's own rule refused it: the top-level code is validation_failed, as every field check's.
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      fields: { card: [{ code: 'card_number_is_national' }] },
      data: { card: ['This is a National benefit card number. Choose that card type.'] },
    });
    expect(await ledger('6036000000000001')).toEqual(before);
  });

  it('refuses a security code of the wrong shape for the card type as a format error', async () => {
    const order = await placed({}, 8);
    const before = await ledger('6035000000000001');
    const res = await order.as('POST', `/api/order/${order.id}/pay`, { code: 'trnsx', input: { card: '6035000000000001', code: '1234' } });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ 'input.code': [{ code: 'wrong_format' }] });
    expect(await ledger('6035000000000001')).toEqual(before);
  });

  it("pays with a card on the customer's own account without its code (a wrong code is still refused); nobody else can", async () => {
    const order = await placed({}, 10);
    const added = await order.as('POST', '/api/insurance-card', { type: 'network', number: '6035000000000000019', code: '123' });
    expect(added.status).toBe(200);
    const before = await ledger('6035000000000000019');
    expect(before.card).toBe(10000);
    const pay = (input: Record<string, string>) => order.as('POST', `/api/order/${order.id}/pay`, { code: 'trnsx', input });
    expect((await pay({ card: '6035000000000000019', code: '999' })).body).toEqual(NOT_CORRECT);
    const paid = await pay({ card: '6035 0000 0000 0000 019' });
    expect(paid.status).toBe(200);
    expect(paymentAnswerSchema.parse(paid.body)).toMatchObject({ orderId: order.id, status: -5 });
    const spent = toCents(order.total);
    expect(await ledger('6035000000000000019')).toEqual({ account: 10000 - spent, card: 10000 - spent });

    // Now the card is this customer's: another customer is refused, even with its code.
    const other = await placed({}, 11);
    const refused = await other.as('POST', `/api/order/${other.id}/pay`, { code: 'trnsx', input: { card: '6035000000000000019', code: '123' } });
    expect(refused.body).toEqual(NOT_CORRECT);
    expect(await ledger('6035000000000000019')).toEqual({ account: 10000 - spent, card: 10000 - spent });
  });

  it("leads each method to the SDK's STATUS_AFTER_PAYMENT: cards to payment verification, the balance to confirmed", async () => {
    expect(STATUS_AFTER_PAYMENT).toEqual({ trnsx: -5, nationsbenefits: -5, prohealth: -5, credit: -5, balance: 1 });
    const national = await placed({}, 12);
    const byNational = await national.as('POST', `/api/order/${national.id}/pay`, { code: 'nationsbenefits', input: { card: '6036000000000001', code: '456' } });
    expect(byNational.body.status).toBe(STATUS_AFTER_PAYMENT.nationsbenefits);
    const insured = await placed({ plan: 'uhc' }, 2);
    const s3 = await insured.as('POST', '/api/insurance-card', { type: 's3', number: '6037000000000001', code: '789' });
    expect(s3.status).toBe(200);
    const byInsurance = await insured.as('POST', `/api/order/${insured.id}/pay`, { code: 'prohealth', input: {} });
    expect(byInsurance.body.status).toBe(STATUS_AFTER_PAYMENT.prohealth);
    const rich = await placed({ balanceCents: 100000 }, 13);
    const byBalance = await rich.as('POST', `/api/order/${rich.id}/pay`, { code: 'balance', input: {} });
    expect(byBalance.body.status).toBe(STATUS_AFTER_PAYMENT.balance);
  });
});

describe('guessing a security code', () => {
  it(`stops a customer after ${CARD_TRIES_PER_HOUR} refused cards in an hour, whatever is typed; charges nothing`, async () => {
    // Five minutes before the top of an hour: the lock lasts to the end of the clock hour, and
    // the order's payment hold (UNPAID_ORDER_MINUTES) must outlive it.
    const HOUR = 60 * 60 * 1000;
    let hourEnd = (Math.floor(t.clock.now().getTime() / HOUR) + 1) * HOUR;
    if (hourEnd - 5 * 60_000 < t.clock.now().getTime()) hourEnd += HOUR;
    t.clock.set(new Date(hourEnd - 5 * 60_000));
    const order = await placedOn(t, {}, 14);
    // A card no other test of this file refused: refusals of a card count over every account.
    const pay = (input: Record<string, string>) => order.as('POST', `/api/order/${order.id}/pay`, { code: 'trnsx', input });
    const fingerprint = t.app.services.cardFingerprint('6035000000000101');
    const balance = async () =>
      (await t.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.fingerprint, fingerprint)))[0]!.balanceCents;
    const before = await balance();
    // Cards of numbers no issuer knows, one refusal each: the account's hourly limit, not one
    // card's lock (5 in a row, card-proofs.test.ts), is what stops it.
    for (let guess = 0; guess < CARD_TRIES_PER_HOUR; guess++) {
      const res = await pay({ card: `60359${String(990_000 + guess).padStart(11, '0')}`, code: '123' });
      expect(res.body.code).toBe('card_number_or_code_is_not_correct');
    }
    const stopped = await pay({ card: '6035000000000101', code: '123' });
    expect(stopped.status).toBe(429);
    expect(stopped.body.code).toBe('too_many_requests');
    expect(await balance()).toBe(before);
    // In the next hour a typed card pays again.
    t.clock.set(new Date(hourEnd + 1000));
    const token = (await t.app.services.tokens.issue(order.shopper.id, 'guess@example.com')).token;
    const paid = await api(t.app, token)('POST', `/api/order/${order.id}/pay`, { code: 'trnsx', input: { card: '6035000000000101', code: '123' } });
    expect(paid.status).toBe(200);
    expect(await balance()).toBe(before - toCents(order.total));
  });
});

describe('credit payments (the second configuration)', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await buildTestApp({ seed: true, config: { paymentMethods: ['trnsx', 'prohealth', 'nationsbenefits', 'credit'] } });
  });
  afterAll(async () => c?.close());

  const ledger = async (digits: string) => {
    const fingerprint = c.app.services.cardFingerprint(digits);
    const [account] = await c.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.fingerprint, fingerprint));
    return account!;
  };
  const pay = (order: Awaited<ReturnType<typeof placedOn>>, card: string, code = 'credit') =>
    order.as('POST', `/api/order/${order.id}/pay`, { code, input: { card } });

  it('approves with 4242 4242 4242 4242: payment verification, the credit account charged', async () => {
    const order = await placedOn(c);
    const before = (await ledger('4242424242424242')).balanceCents;
    const paid = await pay(order, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    expect(paymentAnswerSchema.parse(paid.body)).toMatchObject({ orderId: order.id, status: -5, amount: order.total });
    expect((await ledger('4242424242424242')).balanceCents).toBe(before - toCents(order.total));
    const [payment] = await c.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ method: 'credit', status: 'approved', last4: '4242', amountCents: toCents(order.total) });
    expect(JSON.stringify(payment)).not.toContain('4242424242424242');
    const detail = orderDetailSchema.parse((await order.as('GET', `/api/order/${order.id}`)).body);
    expect(detail.payment).toMatchObject({ code: 'credit', last4: '4242' });
    expect(await productStock(c, order.product.id)).toEqual({ stock: 27, reserved: 0 });
  });

  it('declines 4000 0000 0000 0002 and lacks funds on 4000 0000 0000 9995; the order still waits', async () => {
    const order = await placedOn(c, {}, 7);
    const declined = await pay(order, '4000000000000002');
    expect(declined.status).toBe(422);
    expect(declined.body).toMatchObject({ code: 'card_number_or_code_is_not_correct', message: 'Card number or code is not correct' });
    const poor = await pay(order, '4000 0000 0000 9995');
    expect(poor.status).toBe(422);
    expect(poor.body).toMatchObject({ code: 'notEnoughBalance', message: "You don't have enough funds to pay for this order" });
    expect((await ledger('4000000000000002')).balanceCents).toBe(50000);
    expect((await ledger('4000000000009995')).balanceCents).toBe(500);
    const rows = await c.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => [r.status, r.last4, r.errorCode])).toEqual([
      ['declined', '0002', 'card_number_or_code_is_not_correct'],
      ['declined', '9995', 'notEnoughBalance'],
    ]);
    expect((await order.as('GET', `/api/order/${order.id}`)).body.status).toBe(-10);
  });

  it('keeps credit and benefit cards apart; refuses numbers failing the Luhn check', async () => {
    const order = await placedOn(c, {}, 8);
    const luhn = await pay(order, '4242424242424241');
    expect(luhn.status).toBe(422);
    expect(luhn.body.data).toEqual({ card: ['Your card number is not valid'] });
    // A benefit card through credit (no sandbox benefit number is Luhn-valid), a credit card
    // through trnsx (unknown to that processor): both refused, nothing charged.
    const benefit = await pay(order, '6035000000000001');
    expect(benefit.status).toBe(422);
    expect(benefit.body.data).toEqual({ card: ['Your card number is not valid'] });
    const asNetwork = await pay(order, '4242424242424242', 'trnsx');
    expect(asNetwork.body.code).toBe('card_number_or_code_is_not_correct');
    expect((await ledger('6035000000000001')).balanceCents).toBe(25000);
    expect((await order.as('GET', `/api/order/${order.id}`)).body.status).toBe(-10);
  });
});

describe('ownership', () => {
  it("answers 404 for another customer's order on every order route", async () => {
    const owner = await makeShopper(t);
    const product = await stockedProduct(t, 'cl1', 10, 1000, 7);
    const id = await readyDraft(t, owner, product.id, 3);
    const other = api(t.app, (await makeShopper(t)).token);
    const calls: [Parameters<typeof other>[0], string, object?][] = [
      ['PATCH', `/api/order/${id}/sku-amount`, { sku_id: product.id, amount: 1 }],
      ['PUT', `/api/order/${id}/items`, { rows: [] }],
      ['PATCH', `/api/order/${id}/recalculate`],
      ['PATCH', `/api/order/${id}`, { promoCode: null }],
      ['PATCH', `/api/order/${id}/complete`],
      ['PATCH', `/api/order/${id}/back-to-draft`],
      ['POST', `/api/order/${id}/pay`, { code: 'trnsx', input: { card: '6035000000000001' } }],
      ['GET', `/api/order/${id}`],
      ['PUT', '/api/order/delivery', { addressId: owner.addressId }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await other(method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await api(t.app, owner.token)('PATCH', `/api/order/${id}/recalculate`)).status).toBe(200);
  });
});
