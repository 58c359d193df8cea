// The code of packages/sdk/README.md, run against a fake API. The README's code blocks are
// checked against this file line by line (see the last test), so the two cannot drift.
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  basketReasonText,
  createCart,
  createCheckout,
  createClient,
  createGuestCart,
  createMemoryStorage,
  createPromoCodeStore,
  formatPrice,
  isApiError,
  itemAvailability,
  NetworkError,
  SessionEndedError,
  statusAfterPayment,
  toCents,
  ValidationError,
} from '../src/index.js';
import { CONTRACT_VERSION } from '../src/contract/index.js';
import { benefitPeriodOf, holdEnd, mergeGuestCart, periodLimitRefusal, periodUnitsLeft, refundReturnsTo } from '../src/rules/index.js';
import { createTestShop } from '../src/testing/index.js';
import {
  address,
  customer,
  draft,
  freshToken,
  orderDetail,
  product,
  settings as demoSettings,
} from './fixtures.js';
import { server } from './msw-server.js';
import { webSessionApi } from './web-session-api.js';

const baseUrl = 'https://shop.example';

describe('README examples', () => {
  it('creates a client, signs in and calls', async () => {
    const token = freshToken();
    server.use(
      http.post(`${baseUrl}/api/auth/code/verify`, () =>
        HttpResponse.json({ token, refresh_token: 'r1' }),
      ),
      http.get(`${baseUrl}/api/auth/me`, () => HttpResponse.json(customer)),
      http.patch(`${baseUrl}/api/order/:id/sku-amount`, () =>
        HttpResponse.json(draft(41, [{ sku_id: 12, amount: 2 }])),
      ),
    );
    const storage = createMemoryStorage();
    let ended = false;

    const client = createClient({
      baseUrl,
      tokens: storage, // createLocalStorage() in a browser
      locale: 'es',
      agentId: () => null,
      onSessionEnd: () => {
        ended = true; // e.g. send the user to /login
      },
    });

    await client.auth.verifyCode('ana@example.com', '123456'); // stores the tokens
    const me = await client.auth.me();
    const draftAfter = await client.orders.setSkuAmount(41, 12, 2);
    // Any contract row, by name:
    const same = await client.call('me');

    expect(me.firstName).toBe('Ana');
    expect(same.id).toBe(me.id);
    expect(draftAfter.rows[0]?.amount).toBe(2);
    expect(client.isSignedIn()).toBe(true);
    expect(ended).toBe(false);
  });

  it('walks a whole purchase: browse, sign up, merge the cart, delivery -> complete -> pay', async () => {
    const steps: string[] = [];
    let rows: Array<{ sku_id: number; amount: number }> = [];
    const token = freshToken('buyer');
    server.use(
      http.get(`${baseUrl}/api/constants`, () => HttpResponse.json(demoSettings)),
      http.get(`${baseUrl}/api/catalog/products`, ({ request }) => {
        steps.push(`products ${request.headers.get('Accept-Language')}`);
        return HttpResponse.json({
          products: [product(7, { status: 0 }), product(1)],
          total: 2,
          page: 1,
          pageSize: 24,
          brands: [],
        });
      }),
      http.post(`${baseUrl}/api/auth/register/code`, () => {
        steps.push('register code');
        return HttpResponse.json({ channel: 'email', resendIn: 60 });
      }),
      http.get(`${baseUrl}/api/dev/outbox`, ({ request }) =>
        HttpResponse.json({
          messages: [
            {
              id: 1,
              to: new URL(request.url).searchParams.get('to'),
              channel: 'email',
              subject: 'Your code',
              text: 'Your code is 123456',
              code: '123456',
              createdAt: '2026-01-01T00:00:00Z',
            },
          ],
        }),
      ),
      http.post(`${baseUrl}/api/auth/register`, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        steps.push(`register ${body.code}`);
        return HttpResponse.json({ token, refresh_token: 'r1' });
      }),
      http.patch(`${baseUrl}/api/customer/data`, () => HttpResponse.json(customer)),
      http.post(`${baseUrl}/api/order/draft/merge`, async ({ request }) => {
        rows = ((await request.json()) as { rows: typeof rows }).rows;
        steps.push(`merge ${JSON.stringify(rows)}`);
        return HttpResponse.json({
          draft: draft(41, rows),
          changed: true,
          added: rows.map((row) => row.sku_id),
          raised: [],
          limited: [],
          dropped: [],
        });
      }),
      http.patch(`${baseUrl}/api/order/41`, async ({ request }) => {
        const { promoCode } = (await request.json()) as { promoCode: string };
        steps.push(`promo ${promoCode}`);
        return HttpResponse.json({ ...draft(41, rows), promoCode });
      }),
      http.post(`${baseUrl}/api/customer/address`, () => HttpResponse.json(address)),
      http.put(`${baseUrl}/api/order/delivery`, async ({ request }) => {
        steps.push(`delivery ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ...draft(41, rows), deliveryAddress: address });
      }),
      http.patch(`${baseUrl}/api/order/41/complete`, () => {
        steps.push('complete');
        return HttpResponse.json({ ...draft(41, rows), status: -10, number: 'A-000041' });
      }),
      http.post(`${baseUrl}/api/order/41/pay`, async ({ request }) => {
        steps.push(`pay ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({
          orderId: 41,
          number: 'A-000041',
          status: -5,
          paidBy: 'trnsx',
          amount: '27.00',
        });
      }),
    );
    const demoUrl = baseUrl;

    const storage = createMemoryStorage(); // createLocalStorage() in a browser
    const shop = createClient({ baseUrl: demoUrl, tokens: storage, locale: 'en' });
    // The promo code store lets a guest hold a code; `mergeAtSignIn` puts it on the draft.
    const cart = createCart({
      client: shop,
      guestCart: createGuestCart({ storage }),
      promoCode: createPromoCodeStore(storage),
    });

    // 1. Browse as a guest and fill the guest cart up to the minimum order.
    const settings = await shop.settings.get();
    const { products } = await shop.catalog.products({ page: 1 }); // { locale: 'es' } as a last argument asks in Spanish
    const item = products.find(
      (p) => itemAvailability({ status: p.status, stock: p.inStock }).orderable,
    );
    if (!item) throw new Error('Nothing to buy');
    const units = Math.ceil(toCents(settings.minimumOrder) / toCents(item.price));
    await cart.add(item, Math.min(units, item.inStock));
    await cart.applyPromoCode('Welcome10'); // kept for the guest; checked by the server at sign-in

    // 2. Sign up: a one-time code to the new login, then the account (the tokens are stored).
    const login = `buyer-${Date.now()}@example.com`;
    await shop.auth.registerCode(login);
    const [message] = (await shop.settings.outbox(login)).messages; // development outbox only
    await shop.auth.register({
      login,
      code: message?.code ?? '',
      firstName: 'Ana',
      lastName: 'Diaz',
    });
    await shop.customer.update({ birthdate: '1950-02-03' }); // the settings' required fields

    // 3. Move the guest cart and its promo code into the server draft.
    const merge = await cart.mergeAtSignIn(); // merge.promoCode: { code: 'Welcome10', applied: true }

    // 4. Checkout, in this order: delivery -> complete -> pay.
    const home = await shop.addresses.add({
      address: '1 Main St',
      city: 'Austin',
      state: 'TX', // one of settings.deliveryStates (the demo shop delivers to every state; DELIVERY_STATES narrows it)
      zip: '73301',
    });
    await shop.orders.setDelivery(home.id);
    const placed = await shop.orders.complete(merge.draft.id);
    const paid = await shop.orders.pay(placed.id, {
      code: 'trnsx', // a card method: the card number goes in `input.card`
      input: { card: '6035000000000001', code: '123' }, // a sandbox card of the demo shop that approves, with its security code
    });
    const receipt = `${paid.number}: ${formatPrice(paid.amount)}`;
    const verifying = paid.status === statusAfterPayment('trnsx'); // -5, payment verification

    expect(receipt).toBe('A-000041: $27.00');
    expect(verifying).toBe(true);
    expect(merge).toMatchObject({
      changed: true,
      added: [1],
      promoCode: { code: 'Welcome10', applied: true },
    });
    expect(steps).toEqual([
      'products en',
      'register code',
      'register 123456',
      'merge [{"sku_id":1,"amount":6}]',
      'promo Welcome10',
      'delivery {"addressId":3}',
      'complete',
      'pay {"code":"trnsx","input":{"card":"6035000000000001","code":"123"}}',
    ]);
  });

  it('handles errors', async () => {
    server.use(
      http.post(`${baseUrl}/api/insurance-card`, () =>
        HttpResponse.json(
          { message: 'Card already in system', code: 'card_already_in_system' },
          { status: 409 },
        ),
      ),
      http.patch(`${baseUrl}/api/customer/data`, () =>
        HttpResponse.json(
          {
            message: 'Invalid',
            code: 'validation_failed',
            data: { firstName: ['Required'] },
            fields: { firstName: [{ code: 'required' }] },
          },
          { status: 422 },
        ),
      ),
    );
    const client = createClient({ baseUrl, tokens: createMemoryStorage() });
    const offline = createClient({
      retry: false,
      baseUrl,
      tokens: createMemoryStorage(),
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const shown: string[] = [];
    const showError = (text: string) => shown.push(text);

    try {
      await client.cards.add({ type: 'network', number: '6009 1234 5678 9012', code: '123' });
    } catch (error) {
      if (isApiError(error, 'card_already_in_system'))
        showError('Sorry, this card is already linked to another account');
      else if (error instanceof SessionEndedError) showError('Please sign in again');
      else throw error;
    }

    try {
      await client.customer.update({ firstName: '' });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      // Branch on codes (fieldCodes); show the texts (fieldErrors, in the call's language).
      for (const [field, code] of Object.entries(error.fieldCodes))
        if (code === 'required') showError(`${field}: ${error.fieldErrors[field]}`);
    }

    try {
      await offline.settings.get();
    } catch (error) {
      if (error instanceof NetworkError) showError('Check your connection'); // error.cause: the fetch TypeError
    }

    expect(shown).toEqual([
      'Sorry, this card is already linked to another account',
      'firstName: Required',
      'Check your connection',
    ]);
  });

  it('shows both auth modes: the web shop in session mode, other apps in tokens mode', async () => {
    const api = webSessionApi(server, {}, baseUrl);
    const storage = createMemoryStorage();
    const page = { signedIn: false, csrfToken: null }; // a guest's page: no cookie yet

    // The web storefront, on the API's origin: the session is the API's HttpOnly cookie.
    const web = createClient({
      baseUrl, // '' in a browser: the same origin
      authMode: 'session',
      signedIn: page.signedIn, // what the server-drawn page knows
      csrfToken: page.csrfToken, // left out: asked before the first write
      locale: 'en',
    });
    const webCart = createCart({
      client: web,
      guestCart: createGuestCart({ storage }), // only read for rows this browser kept before
    });

    await webCart.add(product(4), 2); // a guest's cart on the server: the first add sets its cookie
    const started = await web.auth.login('s3.demo@example.com', 'Demo1234'); // started.session: 'cookie'
    const joined = await webCart.mergeAtSignIn(); // the merge the sign-in did: no second request
    const signedIn = web.isSignedIn(); // true, in memory only: nothing was stored
    await web.signOut(); // logout without a refresh token: the cookie's session ends

    expect(started.session).toBe('cookie');
    expect(joined).toMatchObject({ changed: true, added: [4], draft: { rows: [{ amount: 2 }] } });
    expect(signedIn).toBe(true);
    expect(web.isSignedIn()).toBe(false);
    expect(api.calls.filter((call) => call === 'POST /api/order/draft/merge')).toEqual([]);
    expect(api.session).toBeNull();
    expect(storage.get('guest-cart')).toBeNull();
    expect(storage.get('session-tokens')).toBeNull();

    // Another team's app: the token pair in its storage port, refreshed under the refresh lock.
    const app = createClient({ baseUrl, tokens: storage }); // authMode: 'tokens' is the default
    const pair = await app.auth.login('s3.demo@example.com', 'Demo1234'); // a TokenPair, stored

    expect(app.tokens()).toEqual(pair);
    expect(api.headers.at(-1)?.get('X-Auth-Mode')).toBeNull();
  });

  it('traces calls with hooks, with its own retries and timeout', async () => {
    const correlation: Array<string | null> = [];
    server.use(
      http.get(`${baseUrl}/api/health`, ({ request }) => {
        correlation.push(request.headers.get('X-Correlation-Id'));
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    const storage = createMemoryStorage();

    const log: string[] = [];
    const traced = createClient({
      baseUrl,
      tokens: storage,
      retry: { retries: 3, baseDelayMs: 200, maxDelayMs: 4000 }, // or false
      timeoutMs: 10_000,
      onRequest: (request) => {
        // One id per call, kept by its retries, so the API's log ties them together.
        request.headers['X-Correlation-Id'] ??= `${request.route}-${Date.now()}`;
      },
      onResponse: (response) => {
        const retrying = response.retrying ? ' (retrying)' : '';
        log.push(`${response.method} ${response.route} #${response.attempt}: ${response.status}${retrying}`);
      },
    });
    const health = await traced.settings.health(); // log: ['GET health #1: 200']

    expect(health).toEqual({ status: 'ok' });
    expect(log).toEqual(['GET health #1: 200']);
    expect(correlation[0]).toMatch(/^health-\d+$/);
  });

  it('tells the contract version the API speaks', async () => {
    server.use(
      http.get(`${baseUrl}/api/constants`, () =>
        HttpResponse.json(demoSettings, { headers: { 'X-Contract-Version': '1.4.0' } }),
      ),
    );
    const client = createClient({ baseUrl, tokens: createMemoryStorage() });

    await client.settings.get();
    const spoken = client.contractVersion(); // '1.0.0' from the header, or null
    const compatible = spoken === null || spoken.split('.')[0] === CONTRACT_VERSION.split('.')[0];

    expect(spoken).toBe('1.4.0');
    expect(compatible).toBe(true);
  });

  it('lists every namespace and method of the client in the README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const client = createClient({ baseUrl, tokens: createMemoryStorage() });
    const listed: string[] = [];
    for (const [name, value] of Object.entries(client)) {
      if (typeof value === 'function') listed.push(`client.${name}(`);
      else if (value && typeof value === 'object') {
        for (const method of Object.keys(value)) listed.push(`client.${name}.${method}(`);
      }
    }
    expect(listed.length).toBeGreaterThan(60);
    const missing = listed.filter((entry) => !readme.includes(`\`${entry}`));
    expect(missing).toEqual([]);
  });

  it('keeps a guest cart and merges it at sign-in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${baseUrl}/api/order/draft/merge`, async ({ request }) => {
        const { rows } = (await request.json()) as {
          rows: Array<{ sku_id: number; amount: number }>;
        };
        sent.push(rows);
        // The draft had one unit of product 1: raised to the guest's 3; product 2 added.
        return HttpResponse.json({
          draft: draft(41, rows),
          changed: true,
          added: [2],
          raised: [1],
          limited: [],
          dropped: [],
        });
      }),
    );
    const storage = createMemoryStorage();
    const client = createClient({ baseUrl, tokens: storage });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });

    const cart = createGuestCart({ storage });
    await cart.add(product(1), 3);
    await cart.add(product(2));
    const merge = await client.orders.mergeIntoDraft(cart.rows()); // one request: the server merges
    await cart.clear(); // and show the "carts combined" notice when merge.changed

    expect(sent).toEqual([
      [
        { sku_id: 1, amount: 3 },
        { sku_id: 2, amount: 1 },
      ],
    ]);
    expect(merge.raised).toEqual([1]);
    expect(merge.added).toEqual([2]);
    expect(cart.count()).toBe(0);
  });

  it('places, pays again after a decline, goes back to the cart and cancels', async () => {
    const declinedCard = '6035000000000002';
    const approvedCard = '6035000000000001';
    const calls: string[] = [];
    let status = 0;
    server.use(
      http.post(`${baseUrl}/api/order/prepare-draft`, () =>
        HttpResponse.json({
          ...draft(status === 0 ? 41 : 42, status === 0 ? [{ sku_id: 1, amount: 6 }] : []),
          totals: { subtotal: '27.00', discount: '0.00', shipping: '0.00', tax: '0.00', total: '27.00' },
        }),
      ),
      http.put(`${baseUrl}/api/order/delivery`, () => {
        calls.push('delivery');
        return HttpResponse.json({ ...draft(41, [{ sku_id: 1, amount: 6 }]), deliveryAddress: address });
      }),
      http.patch(`${baseUrl}/api/order/41/complete`, () => {
        calls.push('place');
        status = -10;
        return HttpResponse.json({ ...draft(41, [{ sku_id: 1, amount: 6 }]), status, number: '100041' });
      }),
      http.post(`${baseUrl}/api/order/41/pay`, async ({ request }) => {
        const { input } = (await request.json()) as { input: { card: string } };
        calls.push(`pay ${input.card}`);
        if (input.card === declinedCard) {
          return HttpResponse.json(
            { message: 'Card number or code is not correct', code: 'card_number_or_code_is_not_correct' },
            { status: 422 },
          );
        }
        status = -5;
        return HttpResponse.json({ orderId: 41, number: '100041', status, paidBy: 'trnsx', amount: '27.00' });
      }),
      http.get(`${baseUrl}/api/order/41`, () =>
        HttpResponse.json(orderDetail(41, { number: '100041', status })),
      ),
      http.patch(`${baseUrl}/api/order/41/back-to-draft`, () => {
        calls.push('back to cart');
        return HttpResponse.json(
          { message: 'This order is not waiting for payment.', code: 'order_not_waiting_for_payment' },
          { status: 422 },
        );
      }),
      http.post(`${baseUrl}/api/order/41/cancel`, () => {
        calls.push('cancel');
        status = -20;
        return HttpResponse.json(
          orderDetail(41, {
            status,
            cancelledAt: '2026-01-01T00:10:00Z',
            refund: { amount: '27.00', code: 'trnsx', last4: '0001', at: '2026-01-01T00:10:00Z' },
          }),
        );
      }),
    );
    const client = createClient({ baseUrl, tokens: createMemoryStorage() });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const settings = demoSettings;
    const me = customer;
    const home = address;
    let reopenedKind = '';

    const checkout = createCheckout({ client });

    // The open draft and how far checkout may go (settings: client.settings.get()).
    const open = await checkout.draft();
    const gate = checkout.gate(open, settings, me);
    if (gate.needsDelivery) await checkout.setDelivery(home.id);

    // Place: the draft now waits for payment, its stock held for settings.unpaidOrderMinutes.
    const placed = await checkout.place(open.id);

    // Pay. A declined card leaves the order payable: pay again, with another card.
    try {
      await checkout.pay(placed.id, { code: 'trnsx', input: { card: declinedCard, code: '123' } });
    } catch (error) {
      if (!isApiError(error, 'card_number_or_code_is_not_correct')) throw error;
      const reopened = await checkout.open(placed.id); // { kind: 'unpaid', order }: Pay now, Back to cart
      reopenedKind = reopened.kind;
    }
    const paid = await checkout.pay(placed.id, { code: 'trnsx', input: { card: approvedCard, code: '123' } });

    // Back to cart: an unpaid order's items return to the draft. This one is paid, so the open draft
    // is answered as it is.
    const back = await checkout.backToCart(placed.id); // { draft, reloaded: true }

    // Cancel within settings.orderCancelMinutes: the amount goes back to what paid.
    const cancelled = await checkout.cancel(placed.id); // cancelled.refund: { amount, code, last4, at }

    expect(gate).toMatchObject({ needsDelivery: true, belowMinimum: false, profileMissing: [] });
    expect(placed.number).toBe('100041');
    expect(reopenedKind).toBe('unpaid');
    expect(paid.status).toBe(-5);
    expect(back).toMatchObject({ reloaded: true, draft: { id: 42 } });
    expect(cancelled.refund?.amount).toBe('27.00');
    expect(calls).toEqual([
      'delivery',
      'place',
      `pay ${declinedCard}`,
      `pay ${approvedCard}`,
      'back to cart',
      'cancel',
    ]);
  });

  it('uses the rules on their own', () => {
    const merged = mergeGuestCart(
      [{ sku_id: 1, amount: 2 }],
      [
        { sku_id: 1, amount: 5 },
        { sku_id: 9, amount: 1 },
      ],
    );
    // merged.rows: [{ sku_id: 1, amount: 5 }, { sku_id: 9, amount: 1 }]

    expect(merged.rows).toEqual([
      { sku_id: 1, amount: 5 },
      { sku_id: 9, amount: 1 },
    ]);
    expect(merged.changed).toBe(true);
  });

  it('signs in later by code', async () => {
    const token = freshToken();
    const asked: unknown[] = [];
    server.use(
      http.post(`${baseUrl}/api/auth/code`, async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ channel: 'email', resendIn: 60 });
      }),
      http.post(`${baseUrl}/api/auth/code/verify`, () =>
        HttpResponse.json({ token, refresh_token: 'r2' }),
      ),
    );
    const client = createClient({ baseUrl, tokens: createMemoryStorage() });

    const sent = await client.auth.requestCode('s3.demo@example.com'); // another after 60 s
    const code = '123456'; // what the customer types
    await client.auth.verifyCode('s3.demo@example.com', code); // stores the tokens

    expect(asked).toEqual([{ login: 's3.demo@example.com' }]);
    expect(sent).toEqual({ channel: 'email', resendIn: 60 });
    expect(client.isSignedIn()).toBe(true);
  });

  it('suggests a basket, adds it to the cart in one request, and sets the reminder', async () => {
    const { handlers, shop } = createTestShop({ baseUrl });
    server.use(...handlers);
    const client = createClient({ baseUrl, tokens: createMemoryStorage() });
    client.signIn(shop.tokensFor('s3.demo@example.com'));

    const basket = await client.customer.suggestedBasket(); // in the client's language
    const headline = `${formatPrice(basket.allowanceLeft)} left to spend by ${basket.periodEndsAt}`;
    const lines = basket.empty
      ? [basketReasonText(basket.empty, 'en')]
      : basket.items.map((row) => `${row.amount} × ${row.product.name}: ${basketReasonText(row.reason, 'en')}`);
    // "2 × Cold & Flu Relief: You bought this in August", "1 × Vitamin D3: Popular with your plan"

    // "Add all to cart", amounts as the member left them, in one request.
    const { draft } = await client.orders.mergeIntoDraft(
      basket.items.map((row) => ({ sku_id: row.product.id, amount: row.amount })),
    );

    // The reminder: an e-mail (and a text with 'sms') once a period, `daysBefore` days before its end.
    const setting = await client.customer.reminders(); // { reminders: 'email', daysBefore: 14, canText }
    const off = await client.customer.setReminders('off');

    expect(basket.items.length).toBeGreaterThan(0);
    expect(toCents(basket.total)).toBeLessThanOrEqual(toCents(basket.allowanceLeft));
    expect(headline).toMatch(/^\$\d+\.\d{2} left to spend by \d{4}-\d{2}-\d{2}$/);
    expect(lines[0]).toContain('Popular with your plan');
    expect(draft.rows.length).toBe(basket.items.length);
    expect(setting.reminders).toBe('email');
    expect(off.reminders).toBe('off');
  });

  it('tells the limits per period, the hold at the period end and the refund rule', () => {
    expect(periodUnitsLeft({ limit: 9, ordered: 5 })).toBe(4);
    periodUnitsLeft({ limit: 9, ordered: 5 }); // 4
    const refused = periodLimitRefusal({ limit: 9, ordered: 5, amount: 6 }); // { code: 'period_limit_reached', params: { limit: 9, left: 4 } }
    expect(refused).toEqual({ code: 'period_limit_reached', params: { limit: 9, left: 4 } });
    periodLimitRefusal({ limit: 9, ordered: 5, amount: 6 }); // { code: 'period_limit_reached', params: { limit: 9, left: 4 } }

    // An order placed near the period's end holds its stock only until the period ends.
    const now = new Date('2026-12-31T23:45:00Z');
    const { until, endsWithPeriod } = holdEnd({ now, holdMs: 30 * 60_000, periodEndsAt: benefitPeriodOf(now, 'quarter').endsAt });
    // until: 2027-01-01T00:00:00Z, endsWithPeriod: true (the order's `holdEndsWithPeriod`)
    expect(until.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(endsWithPeriod).toBe(true);

    // A refund after the period it was paid in has ended does not bring that period's allowance back.
    const to = refundReturnsTo({ method: 'trnsx', paidAt: new Date('2026-12-31T23:50:00Z'), now: new Date('2027-01-01T00:05:00Z'), period: 'quarter' });
    refundReturnsTo({ method: 'trnsx', paidAt: new Date('2026-12-31T23:50:00Z'), now: new Date('2027-01-01T00:05:00Z'), period: 'quarter' });
    // 'expired_allowance'
    expect(to).toBe('expired_allowance');
  });

  it('matches the code blocks of the README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const source = readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const block of blocks) {
      let from = 0;
      for (const raw of block.split('\n')) {
        const line = raw.trim();
        if (
          line === '' ||
          line.startsWith('import ') ||
          line.startsWith('} from ') ||
          line.startsWith('//!')
        )
          continue;
        const at = source.indexOf(line, from);
        expect(at, `README line not in the example file: ${line}`).toBeGreaterThanOrEqual(0);
        from = at + 1;
      }
    }
  });
});
