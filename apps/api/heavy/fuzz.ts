/**
 * Property-based fuzzing of the contract (item e): every route of the SDK's contract table gets
 * requests built by fast-check from its own schemas' field names (right names, wrong values),
 * random JSON, broken JSON and hostile path parameters, with a customer's token, none or a forged
 * one. Bad input must answer 4xx, never 5xx, and the processes must still answer afterwards.
 */
import fc from 'fast-check';
import { contract, type RouteDef } from '@otc/sdk/contract';
import { http, pool } from './lib.js';

/** The field names of a zod/mini object schema (also through a `.check()` wrapper). */
function fieldNames(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: { shape?: object; in?: unknown; innerType?: unknown } } })?._zod?.def;
  if (!def) return [];
  if (def.shape) return Object.keys(def.shape);
  if (def.in) return fieldNames(def.in);
  if (def.innerType) return fieldNames(def.innerType);
  return [];
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "' OR 1=1 --",
    '"; DROP TABLE orders; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '${7*7}',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '９９',
    '\uD800',
    'x'.repeat(5000),
    '2147483648',
    '-2147483649',
    '9007199254740993',
  ),
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }) },
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as U+FFFD. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

const pathParam = fc.oneof(
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
  fc.nat({ max: 5000 }).map(String),
  hostileText.map(encodeSegment),
  fc.constantFrom('0', '-1', '01', '1.5', '0x10', '2147483647', '2147483648', '%2e%2e', '%00', 'null', 'undefined', 'a'.repeat(300)),
);

export interface FuzzRequest {
  route: string;
  method: string;
  url: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  auth: 'customer' | 'none' | 'forged';
}

function requestArbitrary(name: string, route: RouteDef): fc.Arbitrary<FuzzRequest> {
  const bodyKeys = fieldNames(route.body);
  const queryKeys = fieldNames(route.query);
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const keyArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(bodyKeys.length ? bodyKeys : ['x'])) }, fc.string({ maxLength: 12 }));
  const objectBody = fc.dictionary(keyArb, value, { maxKeys: Math.max(2, bodyKeys.length + 1) });
  const body = fc.oneof(
    { weight: 5, arbitrary: objectBody.map((object) => ({ body: object as unknown })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ body: json as unknown })) },
    fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}').map((raw) => ({ raw })),
    fc.string({ maxLength: 200 }).map((raw) => ({ raw, contentType: 'text/plain' })),
    fc.constant({}),
  );
  const query = fc.dictionary(
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(queryKeys.length ? queryKeys : ['q'])) }, fc.string({ maxLength: 10 })),
    fc.oneof(hostileText, fc.integer().map(String)),
    { maxKeys: 4 },
  );
  return fc
    .record({
      params: fc.tuple(...params.map(() => pathParam)),
      query,
      body,
      auth: fc.constantFrom<'customer' | 'none' | 'forged'>('customer', 'customer', 'customer', 'none', 'forged'),
    })
    .map(({ params: values, query: q, body: b, auth }) => {
      let url = route.path;
      params.forEach((param, index) => (url = url.replace(`{${param}}`, values[index] ?? '1')));
      const search = new URLSearchParams(q as Record<string, string>).toString();
      if (search) url += `?${search}`;
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      return {
        route: name,
        method: route.method,
        url,
        auth,
        ...(withBody ? b : {}),
      } as FuzzRequest;
    });
}

export interface FuzzResult {
  routes: number;
  requests: number;
  byStatus: Record<string, number>;
  fiveXx: { request: FuzzRequest; status: number; body: unknown }[];
  networkErrors: { request: FuzzRequest; error: string }[];
}

export async function fuzzContract(options: {
  bases: string[];
  requests: number;
  token: string;
  seed: number;
  concurrency: number;
}): Promise<FuzzResult> {
  const routes = Object.entries(contract) as [string, RouteDef][];
  const perRoute = Math.ceil(options.requests / routes.length);
  const planned: FuzzRequest[] = [];
  routes.forEach(([name, route], index) => {
    planned.push(...fc.sample(requestArbitrary(name, route), { numRuns: perRoute, seed: options.seed + index }));
  });
  // Signing out of all devices ends the fuzzer's own session at once (issue 17): those requests go
  // last, so every other signed-in route is fuzzed with a live session.
  const endsSession = (request: FuzzRequest) => (request.route === 'endAllSessions' && request.auth === 'customer' ? 1 : 0);
  const requests = planned.slice(0, options.requests).sort((a, b) => endsSession(a) - endsSession(b));
  const result: FuzzResult = { routes: routes.length, requests: requests.length, byStatus: {}, fiveXx: [], networkErrors: [] };
  await pool(requests, options.concurrency, async (request, index) => {
    const base = options.bases[index % options.bases.length]!;
    const token =
      request.auth === 'customer' ? options.token : request.auth === 'forged' ? `${options.token.slice(0, -6)}AAAAAA` : undefined;
    try {
      const answer = await http(base, request.method, request.url, {
        ...(token ? { token } : {}),
        ...(request.raw !== undefined ? { raw: request.raw } : request.body !== undefined ? { body: request.body } : {}),
        ...(request.contentType ? { headers: { 'content-type': request.contentType } } : {}),
      });
      const band = `${Math.floor(answer.status / 100)}xx`;
      result.byStatus[band] = (result.byStatus[band] ?? 0) + 1;
      if (answer.status >= 500) result.fiveXx.push({ request, status: answer.status, body: answer.body });
    } catch (error) {
      result.networkErrors.push({ request, error: (error as Error).message });
    }
  });
  return result;
}
