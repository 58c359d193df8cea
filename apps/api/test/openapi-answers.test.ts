/**
 * Real answers against the OpenAPI document (issue 32, item 8): every answer of a wide set of
 * calls — 2xx and every error status, 429s, 409s and the development routes' answers included —
 * is validated against its operation's response schema in /api/openapi.json. This is what Prism
 * in proxy mode would check, in process: the same answers, the same document, a JSON Schema
 * 2020-12 validator (ajv 8, the one Fastify itself depends on).
 */
import { createRequire } from 'node:module';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, outboxCode, registerCustomer, type TestApp } from './helpers.js';
import { makeShopper, readyDraft, stockedProduct } from './routes/orders/fixtures.js';

type Json = Record<string, unknown>;
interface ValidateFunction {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
interface Ajv {
  addSchema(schema: object, key?: string): Ajv;
  compile(schema: object): ValidateFunction;
}

// ajv 8 through Fastify's own dependency, so the API needs no second copy of it.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const fromCompiler = createRequire(fromFastify.resolve('@fastify/ajv-compiler'));
const Ajv2020 = fromCompiler('ajv/dist/2020') as { default: new (options: object) => Ajv };
const addFormats = fromCompiler('ajv-formats') as { default: (ajv: Ajv) => void };

const DOC_ID = 'https://shop.test/openapi.json';

let t: TestApp;
let doc: { paths: Record<string, Record<string, Json>> };
let ajv: Ajv;

interface Answer {
  method: string;
  url: string;
  status: number;
  body: Json;
}
const answers: Answer[] = [];

/** Sends a request and keeps its answer for the check against the document. */
async function send(options: InjectOptions & { method: string; url: string }) {
  const res = await t.app.inject(options);
  const body = res.body ? (res.json() as Json) : {};
  answers.push({ method: options.method.toLowerCase(), url: options.url, status: res.statusCode, body });
  return { status: res.statusCode, body, headers: res.headers };
}

/** The document's path template matching a request path (`/api/order/{id}/pay`), if any. */
function templateOf(url: string): string | undefined {
  const path = url.split('?')[0]!;
  if (doc.paths[path]) return path; // `/api/order/draft` before `/api/order/{id}`
  return Object.keys(doc.paths).find((template) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** What the document does not describe in one answer ('' when it describes it). */
function mismatch(answer: Answer): string {
  const where = `${answer.method.toUpperCase()} ${answer.url} ${answer.status}`;
  const template = templateOf(answer.url);
  // No operation (an unknown address): the router's 404 still has the Error shape.
  const ref = template
    ? `${DOC_ID}#/${pointer('paths', template, answer.method, 'responses', String(answer.status), 'content', 'application/json', 'schema')}`
    : `${DOC_ID}#/components/schemas/Error`;
  if (template) {
    const operation = doc.paths[template]?.[answer.method] as { responses?: Json } | undefined;
    if (!operation) return `${where}: no such operation in the document`;
    if (!operation.responses?.[String(answer.status)]) return `${where}: status not in the document`;
  }
  const validate = ajv.compile({ $ref: ref });
  return validate(answer.body) ? '' : `${where}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(answer.body)}`;
}

beforeAll(async () => {
  t = await buildTestApp({ seed: true, config: { apiDocs: true } });
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, DOC_ID);
}, 240_000);
afterAll(() => t?.close());

describe('real answers against the OpenAPI document', () => {
  it('are all described: 2xx, 401, 403, 404, 409, 422, 429 and the development routes', { timeout: 240_000 }, async () => {
    // Guests: the catalog, search, settings, the balance check.
    for (const url of ['/api/constants', '/api/health-plans', '/api/catalog/categories', '/api/catalog/products?page=2', '/api/catalog/products/1', '/api/search/products?q=vitamin', '/api/health']) {
      expect((await send({ method: 'GET', url })).status, url).toBe(200);
    }
    await send({ method: 'POST', url: '/api/balance-check', payload: { type: 'national', number: '6036 0000 0000 0001', code: '456' } });
    // 422: a business refusal (its own code), a schema refusal and a field check (validation_failed).
    await send({ method: 'POST', url: '/api/balance-check', payload: { type: 'national', number: '6036 0000 0000 0001', code: '000' } });
    await send({ method: 'POST', url: '/api/balance-check', payload: { type: 'national', number: '12' } });
    await send({ method: 'POST', url: '/api/auth/register', payload: { login: 'not an address' } });
    // 404: no such product, no such address, an unknown login.
    await send({ method: 'GET', url: '/api/catalog/products/999999' });
    await send({ method: 'GET', url: '/api/no-such-route' });
    await send({ method: 'POST', url: '/api/auth/code', payload: { login: 'nobody@example.com' } });
    // 401: no token; a wrong password.
    await send({ method: 'GET', url: '/api/auth/me' });
    await send({ method: 'POST', url: '/api/auth/login', payload: { login: 'nobody@example.com', password: 'Wrong123!' } });

    // A member: 2xx of their own routes; 409 account_exists; 403 recent_proof_required.
    const member = await registerCustomer(t.app, 'answers@example.com');
    const as = (method: string, url: string, payload?: object) =>
      send({ method, url, headers: bearer(member.token), ...(payload ? { payload } : {}) });
    await as('GET', '/api/auth/me');
    await as('GET', '/api/order/draft');
    await as('GET', '/api/insurance-card');
    await as('GET', '/api/auth/sessions');
    await send({ method: 'POST', url: '/api/auth/register', payload: { login: 'answers@example.com' } });
    t.clock.advance(6 * 60_000); // the sign-in's own proof is over
    await as('POST', '/api/email', { email: 'second@example.com' });

    // 429 with `seconds` (a code asked again too soon), `minutes` (codes asked too often) and
    // `retryAfter` (a code tried too often).
    await send({ method: 'POST', url: '/api/auth/code', payload: { login: 'answers@example.com' } });
    await send({ method: 'POST', url: '/api/auth/code', payload: { login: 'answers@example.com' } });
    for (let i = 0; i < 3; i++) {
      t.clock.advance(61_000);
      await send({ method: 'POST', url: '/api/auth/code', payload: { login: 'answers@example.com' } });
    }
    const right = await outboxCode(t.app, 'answers@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) {
      await send({ method: 'POST', url: '/api/auth/code/verify', payload: { login: 'answers@example.com', code: wrong } });
    }

    // Orders: a placed order, 409 unpaid_order_exists (with `params`), 422 of a pay.
    const shopper = await makeShopper(t);
    const shop = (method: string, url: string, payload?: object) =>
      send({ method, url, headers: bearer(shopper.token), ...(payload ? { payload } : {}) });
    const a = await stockedProduct(t, 'cl1', 10, 1000, 4);
    const b = await stockedProduct(t, 'cl1', 10, 1000, 5);
    const first = await readyDraft(t, shopper, a.id, 3);
    await shop('PATCH', `/api/order/${first}/complete`);
    const second = await readyDraft(t, shopper, b.id, 3);
    await shop('PATCH', `/api/order/${second}/complete`);
    await shop('PATCH', `/api/order/${second}`, { promoCode: 'NOSUCHCODE' });
    await shop('POST', `/api/order/${first}/pay`, { code: 'trnsx', input: { card: '6035000000000001', code: '000' } });
    await shop('GET', `/api/order/${first}`);
    await shop('GET', '/api/order/999999');

    // Issue 31: the suggested basket, the reminder setting (422 with a field code), the signed
    // unsubscribe link (GET, one-click POST, a changed link's 422), the development run and an
    // outbox message with its headers.
    await shop('GET', '/api/customer/suggested-basket');
    await shop('GET', '/api/customer/reminders');
    await shop('PUT', '/api/customer/reminders', { reminders: 'sms' });
    await shop('PUT', '/api/customer/reminders', { reminders: 'off' });
    const unsubscribe = `/api/reminders/unsubscribe?token=${t.app.services.reminders.unsubscribeToken(shopper.id)}`;
    await send({ method: 'GET', url: unsubscribe });
    await send({ method: 'POST', url: unsubscribe });
    await send({ method: 'POST', url: `${unsubscribe}x` });
    // The last day of the demo cards' period (the seed's quarter end): their reminders are due.
    const now = t.clock.now();
    const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3 + 3, 0)).toISOString().slice(0, 10);
    expect((await send({ method: 'POST', url: '/api/dev/reminders/run', payload: { asOf: periodEnd } })).body.sent).toBeGreaterThan(0);
    const reminded = await send({ method: 'GET', url: '/api/dev/outbox?to=network.demo@example.com' });
    expect(JSON.stringify(reminded.body)).toContain('List-Unsubscribe-Post');

    // Issue 32, item 6: a "This was not me" link (GET, POST, then 410 once used; 404 changed).
    const undo = `/api/auth/undo?token=${await t.app.services.accountUndo.create(shopper.id, 'password_changed')}`;
    await send({ method: 'GET', url: undo });
    await send({ method: 'POST', url: undo });
    await send({ method: 'POST', url: undo });
    await send({ method: 'GET', url: `${undo}x` });

    // Development routes: 409 and 404 carry `detail`; 403 to a client that is not loopback.
    await send({ method: 'POST', url: `/api/dev/orders/${first}/advance` });
    await send({ method: 'POST', url: '/api/dev/orders/999999/advance' });
    await send({ method: 'GET', url: '/api/dev/outbox?to=answers@example.com', remoteAddress: '203.0.113.9' });

    const statuses = new Set(answers.map((answer) => answer.status));
    for (const status of [200, 401, 403, 404, 409, 410, 422, 429]) expect(statuses, `a ${status} was sent`).toContain(status);
    const kinds = answers.filter((answer) => answer.status >= 400).map((answer) => Object.keys(answer.body));
    for (const member of ['retryAfter', 'seconds', 'minutes', 'params', 'detail', 'fields']) {
      expect(kinds.some((keys) => keys.includes(member)), `an error with ${member} was sent`).toBe(true);
    }
    expect(answers.map(mismatch).filter(Boolean)).toEqual([]);
  });

  it('a 422 answers validation_failed, or the one refusal code it also names under a field', () => {
    const refusals = answers.filter((answer) => answer.status === 422);
    expect(refusals.map((answer) => answer.body.code)).toEqual(expect.arrayContaining(['validation_failed', 'card_number_or_code_is_not_correct']));
    for (const answer of refusals) {
      const fieldCodes = Object.values((answer.body.fields ?? {}) as Record<string, Array<{ code: string }>>).flat().map((issue) => issue.code);
      expect(fieldCodes.length, answer.url).toBeGreaterThan(0);
      if (answer.body.code !== 'validation_failed') expect(fieldCodes, answer.url).toContain(answer.body.code);
    }
  });

  it('flags an answer the document does not describe (an unlisted member)', () => {
    const answer: Answer = { method: 'get', url: '/api/auth/me', status: 401, body: { message: 'x', code: 'unauthorized', debug: 1 } };
    expect(mismatch(answer)).toMatch(/additionalProperties/);
  });
});
