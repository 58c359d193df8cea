import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient, type Client } from '../src/client/index.js';
import { MalformedAnswerError } from '../src/errors/index.js';
import { createMemoryStorage } from '../src/storage/index.js';
import {
  address,
  BASE,
  card,
  customer,
  draft,
  freshToken,
  orderDetail as orderDetailOf,
  orderSummary as orderSummaryOf,
  product,
  settings,
} from './fixtures.js';
import { server } from './msw-server.js';

const codeSent = { channel: 'email', resendIn: 60 };
const tokens = { token: 'tok', refresh_token: 'ref' };
const cards = { data: [card] };
const orderSummary = orderSummaryOf(9);
const orderDetail = orderDetailOf(9);

type Case = [
  name: string,
  run: (c: Client) => Promise<unknown>,
  method: string,
  path: string,
  answer: unknown,
  body?: unknown,
];

const cases: Case[] = [
  [
    'auth.requestCode',
    (c) => c.auth.requestCode('ana@example.com'),
    'POST',
    '/api/auth/code',
    codeSent,
    { login: 'ana@example.com' },
  ],
  [
    'auth.verifyCode',
    (c) => c.auth.verifyCode('ana@example.com', '123456'),
    'POST',
    '/api/auth/code/verify',
    tokens,
    { login: 'ana@example.com', code: '123456' },
  ],
  [
    'auth.registerCode',
    (c) => c.auth.registerCode('new@example.com'),
    'POST',
    '/api/auth/register/code',
    codeSent,
  ],
  [
    'auth.register',
    (c) => c.auth.register({ login: 'new@example.com', code: '123456' }),
    'POST',
    '/api/auth/register',
    tokens,
  ],
  [
    'auth.recoveryCode',
    (c) => c.auth.recoveryCode('ana@example.com'),
    'POST',
    '/api/auth/recovery/code',
    codeSent,
  ],
  [
    'auth.recover',
    (c) =>
      c.auth.recover({
        login: 'a@b.co',
        code: '123456',
        password: 'Abcdefg1',
        passwordConfirmation: 'Abcdefg1',
      }),
    'POST',
    '/api/auth/recovery',
    tokens,
  ],
  ['customer.me', (c) => c.customer.me(), 'GET', '/api/auth/me', customer],
  [
    'customer.changePassword',
    (c) => c.customer.changePassword({ password: 'Abcdefg1', passwordConfirmation: 'Abcdefg1' }),
    'PUT',
    '/api/customer/password',
    customer,
  ],
  [
    'customer.healthPlans',
    (c) => c.customer.healthPlans(),
    'GET',
    '/api/health-plans',
    [{ id: 1, code: 'cl1', name: 'P', company: 'C' }],
  ],
  [
    'customer.chooseHealthPlan',
    (c) => c.customer.chooseHealthPlan('cl1'),
    'PUT',
    '/api/customer/health-plan',
    customer,
    { code: 'cl1' },
  ],
  [
    'emails.add',
    (c) => c.emails.add('b@example.com'),
    'POST',
    '/api/email',
    customer,
    { value: 'b@example.com' },
  ],
  [
    'emails.verify',
    (c) => c.emails.verify(2, '123456'),
    'POST',
    '/api/email/2/verify',
    customer,
    { code: '123456' },
  ],
  ['emails.resendCode', (c) => c.emails.resendCode(2), 'POST', '/api/email/2/code', codeSent],
  [
    'emails.makePrimary',
    (c) => c.emails.makePrimary(2),
    'POST',
    '/api/email/2/make-primary',
    customer,
  ],
  [
    'emails.update',
    (c) => c.emails.update(2, { receiveMarketingMailing: true }),
    'PATCH',
    '/api/email/2',
    customer,
  ],
  ['emails.remove', (c) => c.emails.remove(2), 'DELETE', '/api/email/2', customer],
  ['phones.add', (c) => c.phones.add('5125550100'), 'POST', '/api/phone', customer],
  ['phones.verify', (c) => c.phones.verify(3, '123456'), 'POST', '/api/phone/3/verify', customer],
  ['phones.resendCode', (c) => c.phones.resendCode(3), 'POST', '/api/phone/3/code', codeSent],
  [
    'phones.makePrimary',
    (c) => c.phones.makePrimary(3),
    'POST',
    '/api/phone/3/make-primary',
    customer,
  ],
  [
    'phones.update',
    (c) => c.phones.update(3, { receiveSms: false }),
    'PATCH',
    '/api/phone/3',
    customer,
    { receiveSms: false },
  ],
  ['phones.remove', (c) => c.phones.remove(3), 'DELETE', '/api/phone/3', customer],
  ['addresses.list', (c) => c.addresses.list(), 'GET', '/api/customer/address', [address]],
  [
    'addresses.add',
    (c) => c.addresses.add({ address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' }),
    'POST',
    '/api/customer/address',
    address,
  ],
  [
    'addresses.update',
    (c) => c.addresses.update(3, { zip: '73301' }),
    'PATCH',
    '/api/customer/address/3',
    address,
  ],
  [
    'addresses.remove',
    (c) => c.addresses.remove(3),
    'DELETE',
    '/api/customer/address/3',
    { ok: true },
  ],
  ['cards.list', (c) => c.cards.list(), 'GET', '/api/insurance-card', cards],
  [
    'cards.makeActive',
    (c) => c.cards.makeActive(5),
    'PATCH',
    '/api/insurance-card/5/make-active',
    cards,
  ],
  [
    'cards.checkBalance',
    (c) => c.cards.checkBalance({ type: 's3', number: '1234567890123456', code: '123' }),
    'POST',
    '/api/balance-check',
    { type: 's3', last4: '3456', balance: '5.00', periodEndsAt: null },
  ],
  [
    'catalog.categories',
    (c) => c.catalog.categories('cl1'),
    'GET',
    '/api/catalog/categories?plan=cl1',
    [{ id: 1, name: 'V', slug: 'v', productCount: 2 }],
  ],
  ['catalog.categories (all)', (c) => c.catalog.categories(), 'GET', '/api/catalog/categories', []],
  [
    'catalog.products (default)',
    (c) => c.catalog.products(),
    'GET',
    '/api/catalog/products',
    { products: [product(1)], total: 1, page: 1, pageSize: 24, brands: ['Acme'] },
  ],
  [
    'catalog.product',
    (c) => c.catalog.product(1),
    'GET',
    '/api/catalog/products/1',
    {
      product: {
        ...product(1),
        description: '',
        images: [],
        plans: [],
        eligible: null,
        favorite: false,
      },
      similar: [],
    },
  ],
  ['favorites.list', (c) => c.favorites.list(), 'GET', '/api/favorites', [product(1)]],
  [
    'favorites.add',
    (c) => c.favorites.add(1),
    'POST',
    '/api/favorites',
    [product(1)],
    { sku_id: 1 },
  ],
  ['favorites.remove', (c) => c.favorites.remove(1), 'DELETE', '/api/favorites/1', []],
  [
    'orders.recalculate',
    (c) => c.orders.recalculate(9),
    'PATCH',
    '/api/order/9/recalculate',
    draft(9),
  ],
  [
    'orders.setPromoCode',
    (c) => c.orders.setPromoCode(9, 'Welcome10'),
    'PATCH',
    '/api/order/9',
    draft(9),
    { promoCode: 'Welcome10' },
  ],
  [
    'orders.complete',
    (c) => c.orders.complete(9),
    'PATCH',
    '/api/order/9/complete',
    { ...draft(9), status: -10, number: '100009' },
  ],
  [
    'orders.backToDraft',
    (c) => c.orders.backToDraft(9),
    'PATCH',
    '/api/order/9/back-to-draft',
    draft(9),
  ],
  [
    'orders.pay',
    (c) => c.orders.pay(9, { code: 'trnsx', input: { card: '6009' } }),
    'POST',
    '/api/order/9/pay',
    { orderId: 9, number: 'A-9', status: -5, paidBy: 'trnsx', amount: '10.00' },
    { code: 'trnsx', input: { card: '6009' } },
  ],
  [
    'orders.addToDraft',
    (c) => c.orders.addToDraft(4, 2),
    'POST',
    '/api/order/draft/items',
    draft(9, [{ sku_id: 4, amount: 2 }]),
    { sku_id: 4, amount: 2 },
  ],
  [
    'orders.mergeIntoDraft',
    (c) => c.orders.mergeIntoDraft([{ sku_id: 4, amount: 2 }]),
    'POST',
    '/api/order/draft/merge',
    {
      draft: draft(9, [{ sku_id: 4, amount: 2 }]),
      changed: true,
      added: [4],
      raised: [],
      limited: [],
      dropped: [],
    },
    { rows: [{ sku_id: 4, amount: 2 }] },
  ],
  [
    'orders.cancel',
    (c) => c.orders.cancel(9),
    'POST',
    '/api/order/9/cancel',
    { ...orderDetail, status: -20, cancelledAt: '2026-01-01T00:10:00Z' },
  ],
  [
    'orders.list',
    (c) => c.orders.list(2),
    'GET',
    '/api/order?page=2',
    { items: [orderSummary], total: 1, page: 2, pageSize: 24 },
  ],
  [
    'orders.list (first)',
    (c) => c.orders.list(),
    'GET',
    '/api/order',
    { items: [], total: 0, page: 1, pageSize: 24 },
  ],
  ['orders.get', (c) => c.orders.get(9), 'GET', '/api/order/9', orderDetail],
  [
    'orders.delivery',
    (c) => c.orders.delivery(),
    'GET',
    '/api/order/delivery',
    { orderId: 9, address },
  ],
  [
    'orders.setDelivery',
    (c) => c.orders.setDelivery(3),
    'PUT',
    '/api/order/delivery',
    draft(9),
    { addressId: 3 },
  ],
  [
    'contact.send',
    (c) => c.contact.send({ firstName: 'A', lastName: 'D', phone: '5125550100', message: 'Hi' }),
    'POST',
    '/api/contact',
    { reference: 'R-1' },
  ],
  [
    'productRequests.create',
    (c) => c.productRequests.create({ name: 'Tea' }),
    'POST',
    '/api/product-request',
    { number: 'PR-1' },
    { name: 'Tea' },
  ],
  ['settings.get', (c) => c.settings.get(), 'GET', '/api/constants', settings],
  [
    'settings.outbox',
    (c) => c.settings.outbox('a@b.co'),
    'GET',
    '/api/dev/outbox?to=a%40b.co',
    { messages: [] },
  ],
];

describe('endpoint modules', () => {
  it.each(cases)(
    '%s calls %s %s and parses the answer',
    async (_name, run, method, path, answer, body) => {
      const seen: Array<{ method: string; path: string; body: unknown }> = [];
      server.use(
        http.all(`${BASE}/*`, async ({ request }) => {
          const url = new URL(request.url);
          const text = await request.text();
          seen.push({
            method: request.method,
            path: url.pathname + url.search,
            body: text ? JSON.parse(text) : undefined,
          });
          return HttpResponse.json(answer as object);
        }),
      );
      const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });
      client.signIn({ token: freshToken(), refresh_token: 'r1' });
      const result = await run(client);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.method).toBe(method);
      expect(seen[0]?.path).toBe(path);
      if (body !== undefined) expect(seen[0]?.body).toEqual(body);
      expect(result).toEqual(answer);
    },
  );
});

describe('orders.complete', () => {
  it('answers the placed order with its number, before any payment', async () => {
    server.use(
      http.patch(`${BASE}/api/order/9/complete`, () =>
        HttpResponse.json({ ...draft(9), status: -10, number: '100009' }),
      ),
    );
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const placed = await client.orders.complete(9);
    expect(placed.number).toBe('100009');
    expect(placed.status).toBe(-10);
  });

  it('an answer without the number breaks the contract (MalformedAnswerError)', async () => {
    server.use(http.patch(`${BASE}/api/order/9/complete`, () => HttpResponse.json({ ...draft(9), status: -10 })));
    const client = createClient({ baseUrl: BASE, tokens: createMemoryStorage() });
    client.signIn({ token: freshToken(), refresh_token: 'r1' });
    const error = await client.orders.complete(9).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect((error as MalformedAnswerError).detail).toContain('number');
  });
});
