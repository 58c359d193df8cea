/**
 * The OpenAPI document (/api/openapi.json, API_DOCS=on) as another team uses it (issue 20):
 * - valid under `redocly lint` with the recommended rules: no error;
 * - a client generated from it with openapi-typescript compiles typed calls (ids are integers,
 *   nullable fields take null, error answers have the `Error` shape), so the document cannot
 *   drift from what the API answers without this test failing;
 * - nullable as OpenAPI 3.1 wants, named components, servers, operationIds, error answers.
 * Redocly runs offline (telemetry and the update check off).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, contract, type RouteDef, type RouteName } from '@otc/sdk/contract';
import { buildTestApp, type TestApp } from './helpers.js';

const run = promisify(execFile);
const apiRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = (name: string) => join(apiRoot, 'node_modules/.bin', name);

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; schema: Json }>;
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }>; headers?: Json }>;
}

let t: TestApp;
let doc: Json & { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json>; securitySchemes?: Json } };
let dir: string;
const PUBLIC_URL = 'https://benefit-shop.test';

beforeAll(async () => {
  t = await buildTestApp({ config: { apiDocs: true, publicUrl: PUBLIC_URL } });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  dir = mkdtempSync(join(tmpdir(), 'otc-openapi-'));
  writeFileSync(join(dir, 'openapi.json'), res.body);
}, 300_000);

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function operations(): Array<{ path: string; method: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
}

function operation(name: RouteName): Operation {
  const def = contract[name] as RouteDef;
  const op = doc.paths[def.path]?.[def.method.toLowerCase()];
  if (!op) throw new Error(`${name} is not in the document`);
  return op;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with nullable fields as type unions, never `nullable`', () => {
    expect(doc.openapi).toBe('3.1.0');
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"nullable"');
    const customer = doc.components.schemas.Customer as { properties: Record<string, Json> };
    expect(customer.properties.firstName).toEqual({ type: ['string', 'null'] });
    expect(customer.properties.activeInsuranceCard).toEqual({
      anyOf: [{ $ref: '#/components/schemas/InsuranceCard' }, { type: 'null' }],
    });
  });

  it('names and reuses component schemas, and keeps none unused', () => {
    for (const name of ['Customer', 'ProductSummary', 'ProductDetail', 'OrderDraft', 'PlacedOrder', 'OrderDetail', 'Address', 'Error', 'TokenPair']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const answer = (name: RouteName) => operation(name).responses['200']?.content?.['application/json']?.schema;
    expect(answer('me')).toEqual({ $ref: '#/components/schemas/Customer' });
    expect(answer('updateCustomer')).toEqual({ $ref: '#/components/schemas/Customer' });
    expect(answer('prepareDraft')).toEqual({ $ref: '#/components/schemas/OrderDraft' });
    expect(answer('completeOrder')).toEqual({ $ref: '#/components/schemas/PlacedOrder' });
    const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } }) + JSON.stringify(doc.components.schemas);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(text, `${name} is used`).toContain(`"#/components/schemas/${name}"`);
    }
  });

  it('has servers, a license, and an operationId and a security on every operation', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids).not.toContain(undefined);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['liveness', 'readiness', 'health', 'login', 'payOrder']));
    for (const { op } of operations()) expect(op.security, op.operationId).toBeDefined();
    expect(operation('me').security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(operation('products').security).toEqual([]);
  });

  it('describes the web session (issue 29): the cookie schemes, the cart routes, X-Auth-Mode and X-CSRF-Token', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'otc_session' },
      cartCookie: { type: 'apiKey', in: 'cookie', name: 'otc_cart' },
    });
    expect(operation('addToDraft').security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }, { cartCookie: [] }]);
    expect(operation('readCart').security).toEqual([{}, { bearerAuth: [] }, { sessionCookie: [] }, { cartCookie: [] }]);
    expect(operation('completeOrder').security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(operation('login').parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['X-Auth-Mode', 'X-CSRF-Token']));
    expect(operation('me').parameters?.map((p) => p.name) ?? []).not.toContain('X-CSRF-Token');
    for (const name of ['login', 'setItems', 'logout'] as const) {
      expect(operation(name).responses['403']?.description, name).toMatch(/`cross_site_request`.*`csrf_token_invalid`/);
    }
    expect(operation('csrfToken').responses['403']).toBeUndefined();
    expect(operation('devSetStock').responses['403']?.description).not.toContain('csrf_token_invalid');
  });

  it('types integer ids as integers, session ids as strings', () => {
    for (const { op } of operations()) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'path' && p.name === 'id' && op.operationId !== 'endSession') {
          expect(p.schema, op.operationId).toMatchObject({ type: 'integer', minimum: 1, maximum: 2147483647 });
        }
      }
    }
    expect(operation('endSession').parameters?.[0]?.schema).toMatchObject({ type: 'string' });
    const page = operation('listOrders').parameters?.find((p) => p.name === 'page');
    expect(page?.schema).toMatchObject({ type: 'integer' });
  });

  it('describes the error answers of every route with the Error shape and its codes', () => {
    const error = { $ref: '#/components/schemas/Error' };
    for (const { op } of operations()) {
      if (!op.operationId || !(op.operationId in contract)) continue;
      const def = contract[op.operationId as RouteName] as RouteDef;
      const statuses = Object.keys(op.responses);
      expect(statuses, op.operationId).toEqual(expect.arrayContaining(['429', '500']));
      if (def.auth) expect(op.responses['401']?.description, op.operationId).toContain('`unauthorized`');
      if (def.recentProof) expect(op.responses['403']?.description, op.operationId).toContain('`recent_proof_required`');
      if (def.params || def.query || def.body) expect(statuses, op.operationId).toContain('422');
      if (/\{id\}/.test(def.path)) expect(statuses, op.operationId).toContain('404');
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400) expect(response.content?.['application/json']?.schema).toEqual(error);
      }
    }
    expect(operation('completeOrder').responses['409']?.description).toContain('`unpaid_order_exists`');
    expect(operation('payOrder').responses['422']?.description).toContain('`card_number_or_code_is_not_correct`');
    expect(operation('requestCode').responses['429']?.headers).toHaveProperty('Retry-After');
    // Every member an error answer may carry, named and typed (test/openapi-answers.test.ts
    // checks real answers against it), nothing else.
    expect(doc.components.schemas.Error).toMatchObject({
      required: ['message', 'code'],
      additionalProperties: false,
      properties: {
        message: { type: 'string' },
        code: { type: 'string' },
        retryAfter: { type: 'integer' },
        seconds: { type: 'integer' },
        minutes: { type: 'integer' },
        params: { type: 'object' },
        detail: { type: 'string' },
        truncated: { type: 'boolean' },
      },
    });
    expect(doc.components.schemas.Error?.description).toContain('validation_failed');
  });

  it('names the contract version: info.version, and X-Contract-Version on every /api answer', async () => {
    expect((doc.info as Json).version).toBe(CONTRACT_VERSION);
    const header = operation('me').responses['401']?.headers?.['X-Contract-Version'];
    expect(header).toEqual({ $ref: '#/components/headers/ContractVersion' });
    for (const url of ['/api/constants', '/api/auth/me', '/api/nope', '/api/catalog/products/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-contract-version'], url).toBe(CONTRACT_VERSION);
    }
    const site = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(site.headers['x-contract-version']).toBeUndefined();
  });

  it('passes `redocly lint` with the recommended rules: no error', async () => {
    const lint = await run(
      bin('redocly'),
      ['lint', join(dir, 'openapi.json'), '--extends', 'recommended', '--format', 'json', '--max-problems', '1000'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((failure: { stdout?: string; stderr?: string }) => failure);
    const report = JSON.parse(lint.stdout ?? '') as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // What is left are warnings a reader may accept: the probes answer no 4xx.
    expect(report.problems.map((p) => p.ruleId).filter((id) => id !== 'operation-4xx-response')).toEqual([]);
  }, 120_000);

  it('generates a client with openapi-typescript whose typed calls compile', async () => {
    const types = astToString(await openapiTS(doc as never));
    writeFileSync(join(dir, 'api.d.ts'), types);
    writeFileSync(
      join(dir, 'calls.ts'),
      `import type { components, operations, paths } from './api';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Params<P extends keyof paths, M extends Method> = Op<P, M> extends { parameters: infer X } ? X : never;
type Body<P extends keyof paths, M extends Method> = Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;
type Answer<P extends keyof paths, M extends Method, S extends number> = Op<P, M> extends { responses: { [K in S]: { content: { 'application/json': infer A } } } } ? A : never;

/** A tiny typed client over fetch, as a generated client gives. */
async function call<P extends keyof paths, M extends Method>(
  path: P,
  method: M,
  init: { path?: Params<P, M> extends { path?: infer X } ? X : never; body?: Body<P, M> },
): Promise<Answer<P, M, 200>> {
  const url = String(path).replace(/\\{(\\w+)\\}/g, (_, k: string) => String((init.path as Record<string, unknown>)[k]));
  const res = await fetch(url, { method, body: JSON.stringify(init.body) });
  if (!res.ok) throw (await res.json()) as components['schemas']['Error'];
  return (await res.json()) as Answer<P, M, 200>;
}

export async function purchase(): Promise<string> {
  const me = await call('/api/auth/me', 'get', {});
  const first: string | null = me.firstName;
  const card: components['schemas']['InsuranceCard'] | null = me.activeInsuranceCard;
  const draft = await call('/api/order/draft/items', 'post', { body: { sku_id: 12, amount: 2 } });
  const placed = await call('/api/order/{id}/complete', 'patch', { path: { id: draft.id } });
  const paid = await call('/api/order/{id}/pay', 'post', {
    path: { id: placed.id },
    body: { code: 'trnsx', input: { card: '6035000000000001', code: '123' } },
  });
  const status: number = paid.status;
  const sessions = await call('/api/auth/sessions', 'get', {});
  await call('/api/auth/sessions/{id}', 'delete', { path: { id: sessions.sessions[0]!.id } });
  return [first, card?.last4, placed.number, status].join(' ');
}

// Error answers are typed: what a generated client throws or returns for a 4xx.
type PayRefused = Answer<'/api/order/{id}/pay', 'post', 422>;
const refused: PayRefused = {
  message: 'Card number or code is not correct',
  code: 'card_number_or_code_is_not_correct',
  data: { card: ['Card number or code is not correct'] },
  fields: { card: [{ code: 'card_number_or_code_is_not_correct' }] },
};
const unauthorized: Answer<'/api/auth/me', 'get', 401> = { message: 'Please sign in to continue.', code: 'unauthorized' };
const proof: Answer<'/api/email', 'post', 403> = { message: 'x', code: 'recent_proof_required' };
const draftOf: operations['prepareDraft']['responses'][200]['content']['application/json'] | null = null;
const nullable: components['schemas']['OrderDraft']['deliveryAddress'] = null;

// What must not compile: an id is an integer, not a string; an answer is not any object.
// @ts-expect-error the order id of a path is a number
export const wrongId: Params<'/api/order/{id}/pay', 'post'>['path']['id'] = '12';
// @ts-expect-error a draft has no such field
export const noField = (draftOf as components['schemas']['OrderDraft'] | null)?.noSuchField;
// @ts-expect-error message is required in an error answer
export const noMessage: components['schemas']['Error'] = { code: 'x' };

export const used = [refused, unauthorized, proof, draftOf, nullable];
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          skipLibCheck: false,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          types: [],
        },
        files: ['calls.ts'],
      }),
    );
    const compiled = await run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).catch(
      (failure: { stdout?: string; stderr?: string }) => failure,
    );
    expect(`${compiled.stdout ?? ''}${compiled.stderr ?? ''}`).toBe('');
  }, 120_000);
});
