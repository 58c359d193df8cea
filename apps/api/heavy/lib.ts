/**
 * The heavy suite's tools: real API processes on loopback (spawned, their logs captured), a fresh
 * PostgreSQL database and a Redis database claimed for the run, HTTP calls, and customers made
 * the way the e2e suite makes them (registration code from the development outbox).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import postgres from 'postgres';

export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Full counts with HEAVY=1; the quick variant (CI) otherwise. */
export const HEAVY = ['1', 'true', 'yes'].includes((process.env.HEAVY ?? '').toLowerCase());
export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** Random per run, shared by every process of it: a typed secret is refused (lib/secret.ts). */
export const JWT_SECRET = randomBytes(32).toString('hex');
/** The approving sandbox card (e2e/fixtures/purchase.ts `sandboxCards.approve`). */
export const APPROVE_CARD = { number: '6035000000000001', code: '123' };

/**
 * How servers are started: `dist` runs apps/api/dist/server.js (the heavy run, and the quick
 * variant inside `pnpm test`, whose turbo task builds the API first: about 50 processes started
 * through tsx's loader each compiled the API again, minutes of CPU on a 2-core CI), `src` runs
 * src/server.ts through tsx's loader (`HEAVY_SERVER=src`, no build needed). Either way `node`
 * itself is the process signalled.
 */
export const SERVER_MODE: 'dist' | 'src' =
  (process.env.HEAVY_SERVER as 'dist' | 'src' | undefined) ?? (HEAVY ? 'dist' : 'src');

/** Every line any server printed during the run (item h reads them). */
export const allLogs: string[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function serverEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The suite's own variables are not the server's.
    if (
      value !== undefined &&
      !key.startsWith('TEST_') &&
      key !== 'HEAVY' &&
      key !== 'DATABASE_URL' &&
      key !== 'REDIS_URL'
    )
      env[key] = value;
  }
  return {
    ...env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET,
    STOREFRONT_DIR: path.join(API_DIR, 'heavy', 'no-storefront'),
    MINIMUM_ORDER: '1.00',
    CODE_RESEND_SECONDS: '0',
    // Load items come from one client address: its per-address limits are raised (not item c).
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    CODE_CLIENT_FREE_PER_HOUR: '1000000',
    SUPPORT_DAILY_LIMIT_PER_CLIENT: '1000000',
    ...Object.fromEntries(
      Object.entries(extra).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  };
}

/** Starts one API process and waits for its readiness probe. */
export async function startServer(
  name: string,
  extra: Record<string, string | undefined>,
  port?: number,
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const args =
    SERVER_MODE === 'dist'
      ? [path.join(API_DIR, 'dist', 'server.js')]
      : ['--import', 'tsx', path.join(API_DIR, 'src', 'server.ts')];
  if (SERVER_MODE === 'dist' && !existsSync(args[0]!)) {
    throw new Error(
      'apps/api/dist/server.js is missing: run `pnpm --filter @otc/api build` (pnpm test:heavy does)',
    );
  }
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: serverEnv({ ...extra, PORT: String(chosen) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      logs.push(line);
      allLogs.push(`${name}: ${line}`);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${chosen}`;
  const server: ServerProcess = {
    name,
    port: chosen,
    base,
    child,
    logs,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + 180_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${name} exited while starting:\n${logs.slice(-20).join('\n')}`);
    try {
      const answer = await fetch(`${base}/api/health/ready`);
      if (answer.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} was not ready within 180 s:\n${logs.slice(-20).join('\n')}`);
}

/** A fresh PostgreSQL database for the run, dropped by `drop()`. */
export async function freshPostgres(tag: string) {
  const name = `otc_heavy_${tag}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 4, onnotice: () => {} });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A Redis logical database nobody else uses during the run (a marker key claims it; databases
 * 8 to 15 are tried), emptied by `release()`. Rate-limit counters of one item never leak into
 * another's that way.
 */
export async function claimRedisDb(tag: string) {
  const claim = `otc-heavy-claim`;
  const id = `${tag}-${randomUUID()}`;
  for (let db = 8; db <= 15; db += 1) {
    const url = new URL(REDIS_URL);
    url.pathname = `/${db}`;
    const client = new Redis(url.toString(), { maxRetriesPerRequest: 1, lazyConnect: true });
    await client.connect();
    if ((await client.set(claim, id, 'EX', 3600, 'NX')) === 'OK') {
      // Anything left by an earlier, interrupted run of this suite goes.
      const keys = (await client.keys('otc-rl:*')).filter(Boolean);
      if (keys.length > 0) await client.del(...keys);
      return {
        url: url.toString(),
        client,
        async release() {
          await client.flushdb();
          client.disconnect();
        },
      };
    }
    client.disconnect();
  }
  throw new Error('no free Redis database among 8..15 (is another heavy run going on?)');
}

export function tempDir(tag: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `otc-heavy-${tag}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** One HTTP call: JSON in and out (a body that is not JSON comes back as text). */
export async function http<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: {
    token?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: payload,
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

export interface Customer {
  login: string;
  token: string;
  refresh: string;
  addressId: number;
}

let serial = 0;
export function uniqueLogin(tag: string): string {
  serial += 1;
  return `heavy-${tag}-${Date.now().toString(36)}-${serial}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Every one-time code read from the outbox during the run (item h looks for them in the logs). */
export const seenCodes = new Set<string>();

/** The newest one-time code in the development outbox for `to`. */
export async function outboxCode(base: string, to: string, notThis?: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answer = await http<{ messages: { code: string | null }[] }>(
      base,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(to)}`,
    );
    const code = answer.body?.messages?.find((message) => message.code)?.code;
    if (code && code !== notThis) {
      seenCodes.add(code);
      return code;
    }
    await sleep(100);
  }
  throw new Error(`no code for ${to} in the outbox`);
}

function expectOk(answer: Answer, what: string) {
  if (answer.status !== 200)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A registered customer with a complete profile and a Texas address (as e2e's `newCustomer`). */
export async function newCustomer(base: string, tag: string): Promise<Customer> {
  const login = uniqueLogin(tag);
  expectOk(
    await http(base, 'POST', '/api/auth/register/code', { body: { login } }),
    'register code',
  );
  const code = await outboxCode(base, login);
  const created = await http<{ token: string; refresh_token: string }>(
    base,
    'POST',
    '/api/auth/register',
    {
      body: { login, code, firstName: 'Ana', lastName: 'Diaz', interfaceLanguage: 'en' },
    },
  );
  expectOk(created, 'register');
  const token = created.body.token;
  expectOk(
    await http(base, 'PATCH', '/api/customer/data', { token, body: { birthdate: '1950-02-03' } }),
    'profile',
  );
  const added = await http(base, 'POST', '/api/customer/address', {
    token,
    body: { address: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  });
  expectOk(added, 'address');
  const list = await http<{ id: number }[]>(base, 'GET', '/api/customer/address', { token });
  return { login, token, refresh: created.body.refresh_token, addressId: list.body[0]!.id };
}

/** An orderable product (fine status) of the demo catalog, cheapest first. */
export async function pickProduct(base: string, skip = 0): Promise<{ id: number; price: string }> {
  const answer = await http<{
    products: { id: number; price: string; status: number | null; inStock: number }[];
  }>(base, 'GET', '/api/catalog/products?sort=price-asc&page=1');
  const fine = answer.body.products.filter((product) => product.status === null);
  const product = fine[skip];
  if (!product) throw new Error('no orderable product in the demo catalog');
  return product;
}

export async function setStock(base: string, productId: number, stock: number) {
  expectOk(
    await http(base, 'PUT', `/api/dev/products/${productId}/stock`, { body: { stock } }),
    'set stock',
  );
}

/** The customer's cart holds `amount` of the product and the delivery address is set: the order id. */
export async function fillCart(
  base: string,
  customer: Customer,
  productId: number,
  amount: number,
): Promise<number> {
  const draft = await http<{ id: number }>(base, 'POST', '/api/order/prepare-draft', {
    token: customer.token,
    body: {},
  });
  expectOk(draft, 'draft');
  expectOk(
    await http(base, 'PUT', `/api/order/${draft.body.id}/items`, {
      token: customer.token,
      body: { rows: [{ sku_id: productId, amount }] },
    }),
    'items',
  );
  expectOk(
    await http(base, 'PUT', '/api/order/delivery', {
      token: customer.token,
      body: { addressId: customer.addressId },
    }),
    'delivery',
  );
  return draft.body.id;
}

export const payBody = {
  code: 'trnsx',
  input: { card: APPROVE_CARD.number, code: APPROVE_CARD.code },
};

/**
 * Checkout: place (complete) then pay; what each step answered. Every shopper here pays with the
 * same sandbox card, and the card-proof limit counts checks in flight (at most 10 of one card at
 * once, issue 16): a pay answered 429 while the card is busy is tried again after a short pause,
 * as a shopper would, at most 20 times (`payRetries` says how often).
 */
export async function checkout(base: string, customer: Customer, orderId: number) {
  const placed = await http(base, 'PATCH', `/api/order/${orderId}/complete`, {
    token: customer.token,
  });
  if (placed.status !== 200) return { placed, paid: undefined, payRetries: 0 };
  let payRetries = 0;
  for (;;) {
    const paid = await http(base, 'POST', `/api/order/${orderId}/pay`, {
      token: customer.token,
      body: payBody,
    });
    if (paid.status !== 429 || payRetries >= 20) return { placed, paid, payRetries };
    payRetries += 1;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

/** One line of the report: `name` and its figure, and whether it held. */
export interface Figure {
  item: string;
  figure: string;
  ok: boolean;
  /** Could not be checked here (e.g. the audit endpoint unreachable): neither a pass nor a failure. */
  unchecked?: boolean;
}

/** Answer statuses counted, e.g. `200×3 429×11` (0: no answer). */
export function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}
