/**
 * Test helpers: an app on a fresh migrated database (PGlite in memory by default; a fresh schema
 * of TEST_DATABASE_URL when set), a manual clock, and sign-in through the development outbox.
 *
 *   const t = await buildTestApp();           // t.app, t.clock, t.close()
 *   const tokens = await registerCustomer(t.app, 'ana@example.com', { password: 'Secret123' });
 *   await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.token) });
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import postgres from 'postgres';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { loadConfig, testDatabaseUrl, type AppConfig } from '../src/env.js';
import { manualClock, type ManualClock } from '../src/lib/clock.js';
import { seed } from '../src/seed/seed.js';
import { RUN_ID_VARIABLE } from './global-setup.js';

/** Random-looking, as JWT_SECRET must be (a typed one is refused: lib/secret.ts `secretWeakness`). */
export const TEST_SECRET = 'f8f8ddc9fc61621ce53cf50251ca7ee99e581fe0daf7c878f57b41555944f7a8';

/**
 * The databases apps start from, made once per worker process (files share a worker's modules):
 * migrated, and migrated with the demo data seeded (TEST_SECRET, seeded "now"). Each app gets a
 * copy: PGlite clones the template; PostgreSQL creates the app's database `TEMPLATE` it (0.25 s
 * against 2 s to migrate and 2.4 s more to seed, for each of about a hundred apps a run).
 */
const templates = new Map<'migrated' | 'seeded', Promise<{ database?: Database; name?: string }>>();

/** PostgreSQL: a template database of this process, migrated (and seeded), with no connection left. */
async function postgresTemplate(url: string, kind: 'migrated' | 'seeded'): Promise<string> {
  let made = templates.get(kind);
  if (!made) {
    made = (async () => {
      // The run's id (test/global-setup.ts): its teardown drops this run's templates.
      const run = process.env[RUN_ID_VARIABLE] ?? 'local';
      const name = `otc_test_tpl_${run}_${kind}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      try {
        if (kind === 'seeded') {
          await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${await postgresTemplate(url, 'migrated')}"`);
        } else {
          await admin.unsafe(`CREATE DATABASE "${name}"`);
        }
      } finally {
        await admin.end();
      }
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ url: target.toString(), max: 1 });
      try {
        if (kind === 'seeded') await seed(database.db, { secret: TEST_SECRET });
        else await database.migrate();
      } finally {
        // A template must have no connection when a database is created from it.
        await database.close();
      }
      return { name };
    })();
    templates.set(kind, made);
  }
  return (await made).name!;
}

/** PGlite: this process's template, migrated (and seeded), kept open to be cloned. */
async function pgliteTemplate(kind: 'migrated' | 'seeded'): Promise<Database> {
  let made = templates.get(kind);
  if (!made) {
    made = (async () => {
      if (kind === 'seeded') {
        const database = await (await pgliteTemplate('migrated')).clone!();
        await seed(database.db, { secret: TEST_SECRET });
        return { database };
      }
      const database = await openDatabase({ dataDir: ':memory:' });
      await database.migrate();
      return { database };
    })();
    templates.set(kind, made);
  }
  return (await made).database!;
}

/**
 * A migrated database for one app, seeded with the demo data when `seeded` (TEST_SECRET).
 * PGlite: a clone of a template of this process. PostgreSQL (TEST_DATABASE_URL): a fresh
 * database per app created from a template, dropped afterwards, so parallel files never share
 * tables.
 */
export async function openTestDatabase({ seeded = false }: { seeded?: boolean } = {}): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** PostgreSQL: the database's address, to open another pool on it (as another process would). */
  url?: string;
}> {
  const kind = seeded ? 'seeded' : 'migrated';
  const url = testDatabaseUrl();
  if (url) {
    const template = await postgresTemplate(url, kind);
    const name = `otc_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), max: 4 });
    return {
      database,
      url: target.toString(),
      drop: async () => {
        await database.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const database = await (await pgliteTemplate(kind)).clone!();
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  close: () => Promise<void>;
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'config' | 'database' | 'clock'> {
  config?: Partial<AppConfig>;
  /** Seed the demo data (plans, catalog, demo customers). */
  seed?: boolean;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir: ':memory:',
    jwtSecret: TEST_SECRET,
    storefrontDir: '/nonexistent-storefront',
    storefrontRender: undefined,
    // Test apps run the sandbox gateways, production-mode ones too (the refusal without it is
    // tested in test/operations/production.test.ts).
    paymentSandbox: true,
    ...overrides,
  };
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = manualClock(new Date());
  const config = testConfig(options.config);
  // The seeded template was seeded with TEST_SECRET (the sandbox cards' fingerprints are keyed by
  // it) moments ago; an app with another secret seeds its own copy.
  const seededTemplate = Boolean(options.seed) && config.jwtSecret === TEST_SECRET;
  const { database, drop } = await openTestDatabase({ seeded: seededTemplate });
  if (options.seed && !seededTemplate) await seed(database.db, { secret: config.jwtSecret!, now: clock.now() });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      rateLimit: { authMax: 10_000 },
      ...options,
      env: { NODE_ENV: 'test' },
      config,
      database,
      clock,
    });
    await app.ready();
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    app,
    clock,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, response };
}

/** The newest one-time code sent to an e-mail or phone (development outbox). */
export async function outboxCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const body = response.json() as { messages: { code: string | null }[] };
  const code = body.messages[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export interface Tokens {
  token: string;
  refresh_token: string;
}

/** Registers an account through the registration code (and signs it in). */
export async function registerCustomer(
  app: FastifyInstance,
  login: string,
  extra: { password?: string; firstName?: string; lastName?: string } = {},
): Promise<Tokens> {
  const sent = await app.inject({ method: 'POST', url: '/api/auth/register/code', payload: { login } });
  if (sent.statusCode !== 200) throw new Error(`register code: ${sent.statusCode} ${sent.body}`);
  const code = await outboxCode(app, login.includes('@') ? login.toLowerCase() : login.replace(/\D/g, '').slice(-10));
  const done = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { login, code, ...extra },
  });
  if (done.statusCode !== 200) throw new Error(`register: ${done.statusCode} ${done.body}`);
  return done.json() as Tokens;
}

/** Signs in with a one-time code through the outbox. */
export async function signInWithCode(app: FastifyInstance, login: string): Promise<Tokens> {
  const sent = await app.inject({ method: 'POST', url: '/api/auth/code', payload: { login } });
  if (sent.statusCode !== 200) throw new Error(`code: ${sent.statusCode} ${sent.body}`);
  const code = await outboxCode(app, login);
  const done = await app.inject({ method: 'POST', url: '/api/auth/code/verify', payload: { login, code } });
  if (done.statusCode !== 200) throw new Error(`verify: ${done.statusCode} ${done.body}`);
  return done.json() as Tokens;
}

/** The value a `Set-Cookie` of the answer gives `name` ('' when it clears it), and its attributes. */
export function setCookieOf(response: { headers: Record<string, unknown> }, name: string): { value: string; attributes: string[] } | null {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header.map(String) : header === undefined ? [] : [String(header)];
  const line = lines.find((l) => l.startsWith(`${name}=`));
  if (!line) return null;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair.slice(name.length + 1), attributes };
}

export interface WebSignIn {
  /** The `Cookie` header value that carries the web session. */
  cookie: string;
  csrf: string;
  body: Record<string, unknown>;
}

/**
 * Registers an account through the registration code in `session` mode (a web session cookie,
 * docs/web-session.md); `cookie` may carry a guest cart to merge.
 */
export async function registerWeb(
  app: FastifyInstance,
  login: string,
  extra: { password?: string; cookie?: string; csrf?: string } = {},
): Promise<WebSignIn> {
  const sent = await app.inject({ method: 'POST', url: '/api/auth/register/code', payload: { login } });
  if (sent.statusCode !== 200) throw new Error(`register code: ${sent.statusCode} ${sent.body}`);
  const code = await outboxCode(app, login.toLowerCase());
  const done = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { login, code, ...(extra.password ? { password: extra.password } : {}) },
    headers: {
      'x-auth-mode': 'session',
      ...(extra.cookie ? { cookie: extra.cookie } : {}),
      ...(extra.csrf ? { 'x-csrf-token': extra.csrf } : {}),
    },
  });
  if (done.statusCode !== 200) throw new Error(`register: ${done.statusCode} ${done.body}`);
  const session = setCookieOf(done, 'otc_session');
  if (!session) throw new Error('register: no session cookie');
  return { cookie: `otc_session=${session.value}`, csrf: String(done.headers['x-csrf-token']), body: done.json() };
}
