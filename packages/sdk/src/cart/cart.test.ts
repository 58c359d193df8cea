// The cart facade against a small fake API (msw): one interface over the guest cart in storage
// and the server draft, and the merge at sign-in.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, draft, freshToken, product } from '../../test/fixtures.js';
import { server } from '../../test/msw-server.js';
import { createClient } from '../client/index.js';
import { ValidationError } from '../errors/index.js';
import type { OrderDraft } from '../schemas/order.js';
import { createMemoryStorage, createPromoCodeStore } from '../storage/index.js';
import { createCart } from './cart.js';
import { createGuestCart } from './guest-cart.js';

type Row = { sku_id: number; amount: number };

/** A fake shop holding one draft (id 9); records every request's method, path and language. */
function fakeShop(initial: Row[] = []) {
  const state = { rows: [...initial], promoCode: null as string | null, calls: [] as string[] };
  const answer = (): OrderDraft => ({ ...draft(9, state.rows), promoCode: state.promoCode });
  const note = (request: Request) => {
    const url = new URL(request.url);
    state.calls.push(
      `${request.method} ${url.pathname} ${request.headers.get('Accept-Language') ?? '-'}`,
    );
  };
  server.use(
    http.post(`${BASE}/api/order/prepare-draft`, ({ request }) => {
      note(request);
      return HttpResponse.json(answer());
    }),
    http.patch(`${BASE}/api/order/9/sku-amount`, async ({ request }) => {
      note(request);
      const { sku_id, amount } = (await request.json()) as Row;
      const existing = state.rows.find((r) => r.sku_id === sku_id);
      if (amount === 0) state.rows = state.rows.filter((r) => r.sku_id !== sku_id);
      else if (existing) existing.amount = amount;
      else state.rows.push({ sku_id, amount });
      return HttpResponse.json(answer());
    }),
    http.put(`${BASE}/api/order/9/items`, async ({ request }) => {
      note(request);
      const { rows } = (await request.json()) as { rows: Row[] };
      const refused = rows.findIndex((r) => r.sku_id === 666);
      if (refused >= 0) {
        return HttpResponse.json(
          {
            message: 'Validation failed',
            code: 'validation_failed',
            data: { [`rows.${refused}.amount`]: ['You cannot add more'] },
            fields: { [`rows.${refused}.amount`]: [{ code: 'cannot_add_more' }] },
          },
          { status: 422 },
        );
      }
      state.rows = rows;
      return HttpResponse.json(answer());
    }),
    http.patch(`${BASE}/api/order/9`, async ({ request }) => {
      note(request);
      const { promoCode } = (await request.json()) as { promoCode: string | null };
      if (promoCode !== null && promoCode.toLowerCase() !== 'welcome10') {
        return HttpResponse.json(
          {
            message: 'Validation failed',
            code: 'validation_failed',
            data: { promoCode: ['The code you entered is not valid.'] },
            fields: { promoCode: [{ code: 'promo_code_invalid' }] },
          },
          { status: 422 },
        );
      }
      state.promoCode = promoCode;
      return HttpResponse.json(answer());
    }),
  );
  return state;
}

function setup() {
  const storage = createMemoryStorage();
  const client = createClient({ baseUrl: BASE, tokens: storage });
  const guestCart = createGuestCart({ storage });
  const promoCode = createPromoCodeStore(storage);
  const cart = createCart({ client, guestCart, promoCode });
  return { storage, client, guestCart, promoCode, cart };
}

const rowsOf = (d: OrderDraft) => d.rows.map((r) => [r.sku.id, r.amount]);

describe('createCart as a guest', () => {
  it('keeps the rows and the promo code in storage, with no call', async () => {
    const shop = fakeShop();
    const { cart, guestCart, promoCode } = setup();
    await cart.add(product(1));
    await cart.add(product(2), 2);
    let state = await cart.add(product(1), 3);
    expect(state.kind).toBe('guest');
    if (state.kind !== 'guest') throw new Error('guest expected');
    expect(state.rows.map((r) => [r.product.id, r.amount])).toEqual([
      [1, 4],
      [2, 2],
    ]);

    state = await cart.setAmount(2, 5);
    state = await cart.remove(1);
    state = await cart.applyPromoCode(' Welcome 10 ');
    expect(state).toEqual({ kind: 'guest', rows: guestCart.rows(), promoCode: 'Welcome10' });
    expect(promoCode.get()).toBe('Welcome10');
    expect((await cart.removePromoCode()).kind).toBe('guest');
    expect(promoCode.get()).toBeNull();
    expect(await cart.read()).toMatchObject({ kind: 'guest', promoCode: null });
    expect(guestCart.rows().map((r) => [r.product.id, r.amount])).toEqual([[2, 5]]);
    state = await cart.clear();
    expect(state).toEqual({ kind: 'guest', rows: [], promoCode: null });
    expect(shop.calls).toEqual([]);
  });

  it('refuses malformed amounts and ids, and a promo without its store', async () => {
    const { cart, client, guestCart } = setup();
    await expect(cart.add(product(1), 0)).rejects.toThrow(/cart.add: the amount/);
    await expect(cart.add(product(1), 1.5)).rejects.toThrow(TypeError);
    await expect(cart.setAmount(1, -1)).rejects.toThrow(/cart.setAmount/);
    await expect(cart.remove(0)).rejects.toThrow(/not a product id/);
    await expect(cart.applyPromoCode('  ')).rejects.toThrow(/empty/);
    const bare = createCart({ client, guestCart });
    await expect(bare.applyPromoCode('Welcome10')).rejects.toThrow(/promoCode store/);
    await expect(bare.removePromoCode()).resolves.toMatchObject({ promoCode: null });
    await expect(cart.mergeAtSignIn()).rejects.toThrow(/nobody is signed in/);
  });
});

describe('createCart signed in', () => {
  it('works on the server draft in the language of each call', async () => {
    const shop = fakeShop([{ sku_id: 1, amount: 1 }]);
    const { cart, client, guestCart } = setup();
    client.signIn({ token: freshToken(), refresh_token: 'r1' });

    let state = await cart.add(product(1), 2, { locale: 'es' });
    if (state.kind !== 'server') throw new Error('server expected');
    expect(rowsOf(state.draft)).toEqual([[1, 3]]);
    state = await cart.add(product(4));
    state = await cart.setAmount(4, 6);
    state = await cart.remove(1, { locale: 'en' });
    if (state.kind !== 'server') throw new Error('server expected');
    expect(rowsOf(state.draft)).toEqual([[4, 6]]);

    state = await cart.applyPromoCode('welcome10');
    expect(state.kind === 'server' && state.draft.promoCode).toBe('welcome10');
    const error = await cart.applyPromoCode('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldCodes).toEqual({ promoCode: 'promo_code_invalid' });
    state = await cart.removePromoCode();
    expect(state.kind === 'server' && state.draft.promoCode).toBeNull();

    state = await cart.clear();
    expect(state.kind === 'server' && state.draft.rows).toEqual([]);
    expect(await cart.read()).toMatchObject({ kind: 'server', draft: { id: 9, rows: [] } });
    expect(guestCart.rows()).toEqual([]);
    expect(shop.calls.slice(0, 4)).toEqual([
      'POST /api/order/prepare-draft es',
      'PATCH /api/order/9/sku-amount es',
      'POST /api/order/prepare-draft -',
      'PATCH /api/order/9/sku-amount -',
    ]);
    expect(shop.calls).toContain('PATCH /api/order/9/sku-amount en');
  });
});

describe('cart.mergeAtSignIn', () => {
  it('merges the guest cart into the draft, reports added and raised, then clears the guest cart', async () => {
    const shop = fakeShop([
      { sku_id: 1, amount: 2 },
      { sku_id: 2, amount: 5 },
    ]);
    const { cart, client, guestCart } = setup();
    await cart.add(product(1), 4);
    await cart.add(product(2), 1);
    await cart.add(product(3), 2);
    client.signIn({ token: freshToken(), refresh_token: 'r1' });

    const report = await cart.mergeAtSignIn({ locale: 'es' });
    expect(report).toMatchObject({ changed: true, added: [3], raised: [1], dropped: [] });
    expect(rowsOf(report.draft)).toEqual([
      [1, 4],
      [2, 5],
      [3, 2],
    ]);
    expect(shop.rows).toEqual([
      { sku_id: 1, amount: 4 },
      { sku_id: 2, amount: 5 },
      { sku_id: 3, amount: 2 },
    ]);
    expect(guestCart.rows()).toEqual([]);
    expect(shop.calls).toEqual(['POST /api/order/prepare-draft es', 'PUT /api/order/9/items es']);
  });

  it('sends nothing but the draft read when there is nothing to merge', async () => {
    const shop = fakeShop([{ sku_id: 1, amount: 2 }]);
    const { cart, client } = setup();
    await cart.add(product(1), 1);
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report).toMatchObject({ changed: false, added: [], raised: [], dropped: [] });
    expect(shop.calls).toEqual(['POST /api/order/prepare-draft -']);
  });

  it('leaves out the rows the API refuses and says so', async () => {
    fakeShop([]);
    const { cart, client, guestCart } = setup();
    await cart.add(product(5), 1);
    await cart.add(product(666), 3);
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.dropped).toEqual([{ sku_id: 666, amount: 3 }]);
    expect(rowsOf(report.draft)).toEqual([[5, 1]]);
    expect(guestCart.rows()).toEqual([]);
  });

  it("puts the guest's promo code on the draft and clears it from storage", async () => {
    const shop = fakeShop([]);
    const { cart, client, promoCode } = setup();
    await cart.add(product(5), 1);
    await cart.applyPromoCode('Welcome 10');
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.promoCode).toEqual({ code: 'Welcome10', applied: true });
    expect(report.draft.promoCode).toBe('Welcome10');
    expect(shop.promoCode).toBe('Welcome10');
    expect(promoCode.get()).toBeNull();
  });

  it("reports a guest's code the API refuses, without throwing, and forgets it", async () => {
    const shop = fakeShop([]);
    const { cart, client, promoCode } = setup();
    await cart.add(product(5), 1);
    await cart.applyPromoCode('NOPE99');
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.promoCode).toEqual({
      code: 'NOPE99',
      applied: false,
      reason: 'refused',
      errorCode: 'promo_code_invalid',
    });
    expect(report.draft.promoCode).toBeNull();
    expect(report.draft.rows).toHaveLength(1);
    expect(shop.promoCode).toBeNull();
    expect(promoCode.get()).toBeNull();
  });

  it('keeps the code the draft already has (one code per order)', async () => {
    const shop = fakeShop([]);
    shop.promoCode = 'Welcome10';
    const { cart, client } = setup();
    await cart.add(product(5), 1);
    await cart.applyPromoCode('OTHER5');
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.promoCode).toEqual({
      code: 'OTHER5',
      applied: false,
      reason: 'draft_has_code',
      draftCode: 'Welcome10',
    });
    expect(shop.calls.some((call) => call.startsWith('PATCH /api/order/9 '))).toBe(false);
  });

  it('keeps the guest cart when the merge fails', async () => {
    server.use(
      http.post(`${BASE}/api/order/prepare-draft`, () =>
        HttpResponse.json({ message: 'Down' }, { status: 503 }),
      ),
    );
    const { cart, client, guestCart } = setup();
    await cart.add(product(5), 1);
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    await expect(cart.mergeAtSignIn()).rejects.toMatchObject({ status: 503 });
    expect(guestCart.rows()).toHaveLength(1);
  });
});
