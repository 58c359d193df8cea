/**
 * Bounded answers (issue 17): a hostile body cannot make a large answer. Every list and record of
 * a body has a bound in its schema (`too_many_items`), a 422 lists at most FIELD_ERRORS_MAX field
 * errors (and says `truncated`), and each route refuses bodies over its limit with 413 before
 * parsing them (16 KB by default; more only where the schema needs it). The sweep's case: 171 KB
 * of pay `input` keys answered a 1.2 MB 422.
 */
import { FIELD_ERRORS_MAX, PAYMENT_INPUT_KEYS_MAX } from '@otc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, DEFAULT_BODY_LIMIT, bodyLimitOf } from '../../../src/lib/body-limits.js';
import { contract } from '@otc/sdk/contract';
import { bearer, buildTestApp, registerCustomer, type TestApp } from '../../helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await registerCustomer(t.app, 'bounded@example.com'));
});
afterAll(async () => t?.close());

/** Sends a raw JSON text; answers status, body and both sizes in bytes. */
async function send(method: 'POST' | 'PUT', url: string, text: string, auth = true) {
  const response = await t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(auth ? bearer(token) : {}) },
    payload: text,
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    requestBytes: Buffer.byteLength(text),
    answerBytes: Buffer.byteLength(response.body),
  };
}

const listed = (body: Record<string, unknown>) =>
  Object.values((body.fields ?? {}) as Record<string, unknown[]>).reduce((sum, list) => sum + list.length, 0);

describe('the pay input record', () => {
  it("the sweep's 171 KB of keys: refused with a small 413, not a 1.2 MB 422", async () => {
    const keys = Array.from({ length: 9000 }, (_, i) => `"key-${i}":${i}`).join(',');
    const text = `{"code":"trnsx","input":{${keys}}}`;
    expect(text.length).toBeGreaterThan(140_000);
    const res = await send('POST', '/api/order/1/pay', text);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(res.answerBytes).toBeLessThan(200);
  });

  it('more keys than the bound: one issue, too_many_items on input', async () => {
    const input = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'x']));
    const res = await send('POST', '/api/order/1/pay', JSON.stringify({ code: 'trnsx', input }));
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ input: [{ code: 'too_many_items', params: { max: PAYMENT_INPUT_KEYS_MAX } }] });
    expect(res.body.data).toEqual({ input: [`Too many items (at most ${PAYMENT_INPUT_KEYS_MAX}).`] });
    expect(res.answerBytes).toBeLessThan(res.requestBytes);
  });

  it('keys that each fail: at most FIELD_ERRORS_MAX listed, truncated, at most 4 bytes out per byte in', async () => {
    // As many keys of 60+ characters as the route's 16 KB take, each with a wrong value.
    const input = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`${'k'.repeat(60)}${i}`, i]));
    const res = await send('POST', '/api/order/1/pay', JSON.stringify({ code: 'trnsx', input }));
    expect(res.status).toBe(422);
    expect(listed(res.body)).toBe(FIELD_ERRORS_MAX);
    expect(res.body.truncated).toBe(true);
    expect(res.answerBytes / res.requestBytes).toBeLessThanOrEqual(4);
  });
});

describe('lists', () => {
  it('1000 empty rows: FIELD_ERRORS_MAX listed and truncated, not 2000 errors', async () => {
    const text = JSON.stringify({ rows: Array.from({ length: 1000 }, () => ({})) });
    const res = await send('PUT', '/api/order/1/items', text);
    expect(res.status).toBe(422);
    expect(listed(res.body)).toBe(FIELD_ERRORS_MAX);
    expect(Object.keys(res.body.data as object)).toHaveLength(FIELD_ERRORS_MAX);
    expect(res.body.truncated).toBe(true);
    expect(res.answerBytes).toBeLessThan(4 * 1024);
  });

  it('a list over its bound answers too_many_items with the bound', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({ sku_id: i + 1, amount: 1 }));
    const res = await send('PUT', '/api/order/1/items', JSON.stringify({ rows }));
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ rows: [{ code: 'too_many_items', params: { max: 1000 } }] });
  });

  it('a 422 within the bound is not marked truncated', async () => {
    const res = await send('PUT', '/api/order/1/items', JSON.stringify({ rows: [{}] }));
    expect(res.status).toBe(422);
    expect(res.body).not.toHaveProperty('truncated');
  });
});

describe('body limits per route', () => {
  it('are 16 KB by default and larger only for the rows and the long-text forms', () => {
    expect(DEFAULT_BODY_LIMIT).toBe(16 * 1024);
    for (const name of Object.keys(BODY_LIMITS)) expect(contract).toHaveProperty(name);
    expect(bodyLimitOf('login')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitOf('payOrder')).toBe(DEFAULT_BODY_LIMIT);
  });

  it('refuse a body past the limit with 413 before reading it', async () => {
    const padding = 'x'.repeat(DEFAULT_BODY_LIMIT);
    const res = await send('POST', '/api/auth/login', JSON.stringify({ username: 'a@example.com', password: padding }), false);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('let the largest honest bodies through: 1000 rows of the largest numbers, a 4000-character message', async () => {
    const rows = Array.from({ length: 1000 }, () => ({ sku_id: 2147483647, amount: 2147483647 }));
    const items = await send('PUT', '/api/order/2147483647/items', JSON.stringify({ rows }));
    expect(items.requestBytes).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    expect(items.status).not.toBe(413);
    const merge = await send('POST', '/api/order/draft/merge', JSON.stringify({ rows, agentId: '€'.repeat(64) }));
    expect(merge.status).not.toBe(413);
    const contact = await send(
      'POST',
      '/api/contact',
      JSON.stringify({
        firstName: 'é'.repeat(80),
        lastName: 'é'.repeat(80),
        email: 'someone@example.com',
        phone: '2025550199',
        message: '€'.repeat(4000),
        botToken: 'x'.repeat(2048),
      }),
      false,
    );
    expect(contact.status).not.toBe(413);
    const product = await send(
      'POST',
      '/api/product-request',
      JSON.stringify({
        name: '€'.repeat(200),
        description: '€'.repeat(2000),
        link: `https://example.com/${'€'.repeat(1900)}`,
        botToken: 'x'.repeat(2048),
      }),
    );
    expect(product.status).not.toBe(413);
  });
});
