// Bad input never reaches the database: ids and prices past int4, NUL characters and impossible
// dates answer 4xx (422 from the contract's schemas, or 404), never 500; on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. A 422 carries the texts in the request's language (`data`)
// and the catalogue codes (`fields`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, call, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await registerCustomer(t.app, 'bad.input@example.com'));
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });

const NUL = 'a\u0000b';

function expectClientError(res: { status: number; body: Record<string, unknown> }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
}

describe('ids and prices past int4', () => {
  it.each([
    '/api/catalog/products/2147483648',
    '/api/catalog/products/99999999999999999999',
    '/api/catalog/products?category=2147483648',
    '/api/catalog/products?page=2147483648',
    '/api/catalog/products?priceMin=21474837',
    '/api/catalog/products?priceMax=21474837',
    '/api/catalog/products?priceMin=1e300',
    '/api/catalog/products?priceMin=Infinity',
    '/api/order?page=2147483648',
  ])('GET %s answers 4xx', async (url) => {
    const res = await send('GET', url);
    expectClientError(res, url);
  });

  it('answers 422 on the field for an id out of range', async () => {
    const res = await send('GET', '/api/catalog/products/2147483648');
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ id: [{ code: 'wrong_format' }] });
    const price = await send('GET', '/api/catalog/products?priceMin=21474837');
    expect(price.status).toBe(422);
    expect(Object.keys(price.body.data as object)).toEqual(['priceMin']);
    expect((await send('GET', '/api/catalog/products?priceMin=21474836.47')).status).toBe(200);
  });

  it.each([
    ['POST', '/api/favorites', { sku_id: 2147483648 }],
    ['DELETE', '/api/favorites/2147483648', undefined],
    ['PATCH', '/api/order/2147483648/sku-amount', { sku_id: 1, amount: 1 }],
    ['PATCH', '/api/order/1/sku-amount', { sku_id: 2147483648, amount: 1 }],
    ['PATCH', '/api/order/1/sku-amount', { sku_id: 1, amount: 2147483648 }],
    ['PUT', '/api/order/1/items', { rows: [{ sku_id: 1, amount: 2147483648 }] }],
    ['PUT', '/api/order/delivery', { addressId: 2147483648 }],
    ['PATCH', '/api/customer/address/2147483648', { city: 'Miami' }],
    ['PATCH', '/api/email/2147483648', { receiveMarketingMailing: true }],
    ['GET', '/api/order/2147483648', undefined],
  ] as const)('%s %s with 2^31 answers 4xx', async (method, url, payload) => {
    expectClientError(await send(method, url, payload), `${method} ${url}`);
  });
});

describe('NUL characters', () => {
  const address = { address: '1 Ocean Drive', city: 'Miami', state: 'FL', zip: '33139' };
  const contact = { firstName: 'Ana', lastName: 'Gomez', phone: '5551234567', message: 'Hello' };
  it.each([
    ['PATCH', '/api/customer/data', { firstName: NUL }],
    ['PATCH', '/api/customer/data', { lastName: NUL }],
    ['PATCH', '/api/customer/data', { middleName: NUL }],
    ['PATCH', '/api/customer/data', { organization: NUL }],
    ['POST', '/api/customer/address', { ...address, address: NUL }],
    ['POST', '/api/customer/address', { ...address, address2: NUL }],
    ['POST', '/api/customer/address', { ...address, city: NUL }],
    ['POST', '/api/customer/address', { ...address, zip: '33139\u0000' }],
    ['POST', '/api/order/prepare-draft', { agentId: NUL }],
    ['PATCH', '/api/order/1/sku-amount', { sku_id: 1, amount: 1, agentId: NUL }],
    ['PATCH', '/api/order/1', { promoCode: 'Welcome\u000010' }],
    ['POST', '/api/contact', { ...contact, firstName: NUL }],
    ['POST', '/api/contact', { ...contact, lastName: NUL }],
    ['POST', '/api/contact', { ...contact, message: NUL }],
    ['POST', '/api/contact', { ...contact, email: 'a\u0000@example.com' }],
    ['POST', '/api/product-request', { name: NUL }],
    ['POST', '/api/product-request', { name: 'Tea', description: NUL }],
    ['POST', '/api/product-request', { name: 'Tea', link: 'https://example.com/\u0000' }],
    ['PUT', '/api/customer/health-plan', { code: NUL }],
    ['POST', '/api/auth/code', { login: 'a\u0000@example.com' }],
    ['GET', '/api/catalog/categories?plan=a%00b', undefined],
    ['GET', '/api/catalog/products?plan=a%00b', undefined],
    ['GET', '/api/catalog/products?brand=a%00b', undefined],
    ['GET', '/api/search/products?q=ab%00c', undefined],
  ] as const)('%s %s %j answers 422', async (method, url, payload) => {
    const res = await send(method, url, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('dates', () => {
  it.each(['2024-02-30', '0000-00-00', '2024-13-01', '2023-02-29'])(
    'refuses the birthdate %s as a date that does not exist',
    async (birthdate) => {
      const res = await send('PATCH', '/api/customer/data', { birthdate });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual({ birthdate: [{ code: 'invalid_date' }] });
    },
  );

  // Issue 21: 1850 exists (it is too early, said so), and a child is refused (the terms: 18+).
  it.each([
    ['1899-12-31', 'birth_year_too_early', 'Enter a year from 1900 on.'],
    ['1850-06-01', 'birth_year_too_early', 'Enter a year from 1900 on.'],
    ['2020-06-01', 'must_be_adult', 'You must be 18 or older to shop here.'],
  ])('refuses the birthdate %s with %s', async (birthdate, code, text) => {
    const res = await send('PATCH', '/api/customer/data', { birthdate });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ birthdate: [{ code }] });
    expect(res.body.data).toEqual({ birthdate: [text] });
  });

  it('refuses a birthdate today or in the future, takes one in the past', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await send('PATCH', '/api/customer/data', { birthdate: tomorrow });
    expect(future.status).toBe(422);
    expect(future.body).toMatchObject({
      data: { birthdate: ['This date must be in the past.'] },
      fields: { birthdate: [{ code: 'date_not_past' }] },
    });
    expect((await send('PATCH', '/api/customer/data', { birthdate: '1960-02-29' })).status).toBe(200);
  });
});

describe('one set of schemas', () => {
  it('checks the contact phone with the US-phone validator', async () => {
    const res = await send('POST', '/api/contact', {
      firstName: 'Ana',
      lastName: 'Gomez',
      phone: '12345678901234',
      message: 'Hello',
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ phone: [{ code: 'wrong_format' }] });
  });

  it('refuses an overlong name with too_long and its maximum', async () => {
    const res = await send('PATCH', '/api/customer/data', { firstName: 'x'.repeat(81) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      data: { firstName: ['This value is too long (at most 80 characters).'] },
      fields: { firstName: [{ code: 'too_long', params: { max: 80 } }] },
    });
  });
});

describe('422 answers', () => {
  it('carry Spanish texts under data and the codes under fields with Accept-Language: es', async () => {
    const res = await send(
      'PATCH',
      '/api/customer/data',
      { firstName: '', birthdate: '2024-02-30', gender: 'X' },
      { 'accept-language': 'es' },
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Los datos enviados no son válidos.',
      code: 'validation_failed',
      data: {
        gender: ['Este campo tiene un formato incorrecto'],
        birthdate: ['Esta fecha no existe.'],
        firstName: ['Este valor no debe estar vacío.'],
      },
      fields: {
        gender: [{ code: 'wrong_format' }],
        birthdate: [{ code: 'invalid_date' }],
        firstName: [{ code: 'not_blank' }],
      },
    });
  });

  it('says required for a missing field and keeps the same keys in data and fields', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/auth/code', payload: {} });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ login: ['Required'] });
    expect(res.body.fields).toEqual({ login: [{ code: 'required' }] });
  });
});
