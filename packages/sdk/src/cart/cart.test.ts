// The cart facade against a small fake API (msw): one interface over the guest cart in storage
// and the server draft, and the merge at sign-in.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { BASE, draft, freshToken, product } from '../../test/fixtures.js';
import { server } from '../../test/msw-server.js';
import { createClient } from '../client/index.js';
import { ValidationError } from '../errors/index.js';
import type { DraftMergeAnswer, OrderDraft } from '../schemas/order.js';
import { createMemoryStorage, createPromoCodeStore } from '../storage/index.js';
import { createCart } from './cart.js';
import { createGuestCart, type GuestCart } from './guest-cart.js';

type Row = { sku_id: number; amount: number };

type MergeAnswer = Omit<DraftMergeAnswer, 'draft'>;

/**
 * A fake shop holding one draft (id 9) and 10 units of every product; records every request's
 * method, path and language, and the bodies of the one-request routes (add, merge).
 */
function fakeShop(initial: Row[] = [], merge?: (rows: Row[], state: { rows: Row[] }) => MergeAnswer) {
  const state = {
    rows: [...initial],
    promoCode: null as string | null,
    calls: [] as string[],
    bodies: [] as unknown[],
  };
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
    http.post(`${BASE}/api/order/draft/items`, async ({ request }) => {
      note(request);
      const body = (await request.json()) as Row;
      state.bodies.push(body);
      const existing = state.rows.find((r) => r.sku_id === body.sku_id);
      const next = (existing?.amount ?? 0) + body.amount;
      if (next > 10) {
        return HttpResponse.json(
          {
            message: 'Validation failed',
            code: 'validation_failed',
            data: { amount: ['You cannot add more'] },
            fields: { amount: [{ code: 'cannot_add_more' }] },
          },
          { status: 422 },
        );
      }
      if (existing) existing.amount = next;
      else state.rows.push({ sku_id: body.sku_id, amount: next });
      return HttpResponse.json(answer());
    }),
    http.post(`${BASE}/api/order/draft/merge`, async ({ request }) => {
      note(request);
      const body = (await request.json()) as { rows: Row[] };
      state.bodies.push(body);
      const report = merge?.(body.rows, state) ?? {
        changed: false,
        added: [],
        raised: [],
        limited: [],
        dropped: [],
      };
      return HttpResponse.json({ draft: answer(), ...report });
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

/** The cart's refusal, in the shape of the server's 422 for the same field. */
async function refusedWith(attempt: Promise<unknown>, field: string, code: string) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).fieldCodes).toEqual({ [field]: code });
}

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
    state = await cart.applyPromoCode('Welcome10');
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

  it('refuses more than can be ordered, and items that cannot be ordered, leaving storage alone', async () => {
    const shop = fakeShop();
    const { cart, storage } = setup();
    await cart.add(product(1), 9); // 10 in stock
    const stored = storage.get('guest-cart');

    await refusedWith(cart.add(product(1), 2), 'amount', 'cannot_add_more');
    await refusedWith(cart.setAmount(1, 11), 'amount', 'cannot_add_more');
    await refusedWith(cart.add(product(2, { status: 0 })), 'amount', 'cannot_add_more');
    await refusedWith(cart.add(product(3, { status: -1 })), 'amount', 'cannot_add_more');
    await refusedWith(cart.add(product(4, { inStock: 0 })), 'amount', 'cannot_add_more');
    expect(storage.get('guest-cart')).toBe(stored);

    const state = await cart.add(product(1));
    expect(state.kind === 'guest' && state.rows.map((r) => r.amount)).toEqual([10]);
    expect(shop.calls).toEqual([]);
  });

  it('refuses a promo code with a space inside as the validator and the server do, keeping the one held', async () => {
    const shop = fakeShop();
    const { cart, promoCode } = setup();
    await cart.applyPromoCode('Welcome10');
    for (const typed of ['Welcome 10', 'Wel\tcome10', '', '  ', 'x'.repeat(65)]) {
      await refusedWith(cart.applyPromoCode(typed), 'promoCode', 'promo_code_invalid');
    }
    expect(promoCode.get()).toBe('Welcome10');
    expect(shop.calls).toEqual([]);
  });

  it('trims the outer spaces of a promo code, as the validator and the server do (issue 20)', async () => {
    const shop = fakeShop();
    const { cart, promoCode } = setup();
    for (const typed of [' Welcome10', 'Welcome10 ', '\tWelcome10\n']) {
      const state = await cart.applyPromoCode(typed);
      expect(state).toMatchObject({ kind: 'guest', promoCode: 'Welcome10' });
      expect(promoCode.get()).toBe('Welcome10');
    }
    expect(shop.calls).toEqual([]);
  });

  it('refuses malformed amounts and ids, and a promo without its store', async () => {
    const { cart, client, guestCart } = setup();
    await expect(cart.add(product(1), 0)).rejects.toThrow(/cart.add: the amount/);
    await expect(cart.add(product(1), 1.5)).rejects.toThrow(TypeError);
    await expect(cart.setAmount(1, -1)).rejects.toThrow(/cart.setAmount/);
    await expect(cart.remove(0)).rejects.toThrow(/not a product id/);
    const bare = createCart({ client, guestCart });
    await expect(bare.applyPromoCode('Welcome10')).rejects.toThrow(/promoCode store/);
    await expect(bare.removePromoCode()).resolves.toMatchObject({ promoCode: null });
    await expect(cart.mergeAtSignIn()).rejects.toThrow(/nobody is signed in/);
    // A guest cart in storage shows what it keeps: a product named by its id alone is refused.
    await expect(cart.add({ id: 1 })).rejects.toThrow(/whole ProductSummary/);
    expect(guestCart.rows()).toEqual([]);
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
      'POST /api/order/draft/items es',
      'POST /api/order/draft/items -',
      'POST /api/order/prepare-draft -',
      'PATCH /api/order/9/sku-amount -',
    ]);
    expect(shop.calls).toContain('PATCH /api/order/9/sku-amount en');
  });

  it('adds in ONE request that adds on the server (no read, no absolute amount)', async () => {
    const shop = fakeShop([{ sku_id: 1, amount: 2 }]);
    const { cart, client } = setup();
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const state = await cart.add(product(1), 3);
    expect(shop.calls).toEqual(['POST /api/order/draft/items -']);
    expect(shop.bodies).toEqual([{ sku_id: 1, amount: 3 }]);
    expect(state.kind === 'server' && rowsOf(state.draft)).toEqual([[1, 5]]);
  });

  it('keeps both units when two tabs add at once', async () => {
    const shop = fakeShop([]);
    const first = setup();
    const second = setup();
    first.client.signIn({ token: freshToken(), refresh_token: 'r1' });
    second.client.signIn({ token: freshToken(), refresh_token: 'r2' });
    await Promise.all([first.cart.add(product(7)), second.cart.add(product(7))]);
    expect(shop.rows).toEqual([{ sku_id: 7, amount: 2 }]);
    expect(shop.calls).toHaveLength(2);
  });

  it("throws the server's cannot_add_more and changes nothing", async () => {
    const shop = fakeShop([{ sku_id: 1, amount: 9 }]);
    const { cart, client } = setup();
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    await refusedWith(cart.add(product(1), 2), 'amount', 'cannot_add_more');
    expect(shop.rows).toEqual([{ sku_id: 1, amount: 9 }]);
  });

  it('refuses a promo code with a space before any call, the same as for a guest', async () => {
    const shop = fakeShop([]);
    const { cart, client } = setup();
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    await refusedWith(cart.applyPromoCode('Welcome 10'), 'promoCode', 'promo_code_invalid');
    expect(shop.calls).toEqual([]);
    expect(shop.promoCode).toBeNull();
  });

  it('sends a promo code with outer spaces trimmed (issue 20)', async () => {
    const shop = fakeShop([]);
    const { cart, client } = setup();
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const state = await cart.applyPromoCode('  Welcome10 ');
    expect(shop.promoCode).toBe('Welcome10');
    expect(state.kind === 'server' && state.draft.promoCode).toBe('Welcome10');
  });
});

describe('cart.mergeAtSignIn', () => {
  it('merges in ONE request and reports exactly what the server did, then clears the guest cart', async () => {
    const answer: MergeAnswer = {
      changed: true,
      added: [3],
      raised: [1],
      limited: [{ sku_id: 3, amount: 4, wanted: 12 }],
      dropped: [{ sku_id: 8, amount: 2, reason: 'cannot_add_more' }],
    };
    const shop = fakeShop(
      [
        { sku_id: 1, amount: 2 },
        { sku_id: 2, amount: 5 },
      ],
      (_rows, state) => {
        state.rows = [
          { sku_id: 1, amount: 4 },
          { sku_id: 2, amount: 5 },
          { sku_id: 3, amount: 4 },
        ];
        return answer;
      },
    );
    const { cart, client, guestCart, storage } = setup();
    await cart.add(product(1), 4);
    await cart.add(product(2), 1);
    await cart.add(product(3), 10);
    // Stored before stock ran out; the server decides what goes in.
    storage.set(
      'guest-cart',
      JSON.stringify([...guestCart.rows(), { product: product(8), amount: 2 }]),
    );
    client.signIn({ token: freshToken(), refresh_token: 'r1' });

    const report = await cart.mergeAtSignIn({ locale: 'es' });
    expect(shop.calls).toEqual(['POST /api/order/draft/merge es']);
    expect(shop.bodies).toEqual([
      {
        rows: [
          { sku_id: 1, amount: 4 },
          { sku_id: 2, amount: 1 },
          { sku_id: 3, amount: 10 },
          { sku_id: 8, amount: 2 },
        ],
      },
    ]);
    expect(report).toMatchObject({ ...answer, promoCode: null });
    // The draft's rows are never lowered or dropped: row 2 keeps its 5.
    expect(rowsOf(report.draft)).toEqual([
      [1, 4],
      [2, 5],
      [3, 4],
    ]);
    expect(guestCart.rows()).toEqual([]);
  });

  it('never retries or sets the items itself (no drop-and-retry that deletes draft units)', async () => {
    const shop = fakeShop([{ sku_id: 1, amount: 2 }], () => ({
      changed: false,
      added: [],
      raised: [],
      limited: [],
      dropped: [{ sku_id: 666, amount: 3, reason: 'product_not_found' }],
    }));
    const { cart, client, guestCart } = setup();
    await cart.add(product(666), 3);
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.dropped).toEqual([{ sku_id: 666, amount: 3, reason: 'product_not_found' }]);
    expect(report.changed).toBe(false);
    expect(rowsOf(report.draft)).toEqual([[1, 2]]);
    expect(shop.calls).toEqual(['POST /api/order/draft/merge -']);
    expect(guestCart.rows()).toEqual([]);
  });

  it('sends the one merge request even with an empty guest cart (it answers the draft)', async () => {
    const shop = fakeShop([{ sku_id: 1, amount: 2 }]);
    const { cart, client } = setup();
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report).toMatchObject({ changed: false, added: [], raised: [], limited: [], dropped: [] });
    expect(shop.bodies).toEqual([{ rows: [] }]);
    expect(shop.calls).toEqual(['POST /api/order/draft/merge -']);
  });

  it("puts the guest's promo code on the draft and clears it from storage", async () => {
    const shop = fakeShop([]);
    const { cart, client, promoCode } = setup();
    await cart.add(product(5), 1);
    await cart.applyPromoCode('Welcome10');
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.promoCode).toEqual({ code: 'Welcome10', applied: true });
    expect(report.changed).toBe(true);
    expect(report.draft.promoCode).toBe('Welcome10');
    expect(shop.promoCode).toBe('Welcome10');
    expect(promoCode.get()).toBeNull();
  });

  it("reports a guest's code the API refuses, without throwing, and forgets it", async () => {
    const shop = fakeShop([], (rows, state) => {
      state.rows = rows;
      return { changed: true, added: [5], raised: [], limited: [], dropped: [] };
    });
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

  it("keeps the guest's code for a later try when the promo call fails for another reason", async () => {
    fakeShop([]);
    server.use(
      http.patch(`${BASE}/api/order/9`, () =>
        HttpResponse.json({ message: 'Down', code: 'unavailable' }, { status: 503 }),
      ),
    );
    const { cart, client, promoCode } = setup();
    await cart.applyPromoCode('Welcome10');
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.promoCode).toBeNull();
    expect(promoCode.get()).toBe('Welcome10');
  });

  it("reports a link's code with a space as refused by the server, not quietly changed", async () => {
    const shop = fakeShop([]);
    const { cart, client, promoCode } = setup();
    promoCode.set('Welcome 10'); // e.g. ?personalcode=Welcome%2010
    await cart.add(product(5), 1);
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const report = await cart.mergeAtSignIn();
    expect(report.promoCode).toEqual({
      code: 'Welcome 10',
      applied: false,
      reason: 'refused',
      errorCode: 'promo_code_invalid',
    });
    expect(shop.promoCode).toBeNull();
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
      http.post(`${BASE}/api/order/draft/merge`, () =>
        HttpResponse.json({ message: 'Down' }, { status: 503 }),
      ),
    );
    const { cart, client, guestCart } = setup();
    await cart.add(product(5), 1);
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    await expect(cart.mergeAtSignIn()).rejects.toMatchObject({ status: 503 });
    expect(guestCart.rows()).toHaveLength(1);
  });

  it('refuses a malformed guest cart before any call and keeps it', async () => {
    const shop = fakeShop([]);
    const { client, storage } = setup();
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    // A guest cart whose rows are not what the SDK stores (another version, a hand edit).
    const malformed = { rows: () => [{ product: { name: 'no id' }, amount: 1 }] };
    const guestCart = { ...createGuestCart({ storage }), ...malformed } as unknown as GuestCart;
    const cleared = vi.spyOn(guestCart, 'clear');
    const broken = createCart({ client, guestCart });
    await expect(broken.mergeAtSignIn()).rejects.toThrow(/guest row 0 has no product id/);
    expect(shop.calls).toEqual([]);
    expect(cleared).not.toHaveBeenCalled();
  });
});
