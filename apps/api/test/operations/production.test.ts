/**
 * Production has no demo (issue 16, point 5): a production start seeds no demo customer, no
 * sandbox card and no catalog; it refuses to start with the sandbox gateways unless
 * PAYMENT_SANDBOX=on, and then warns at every start; a new shop's catalog is `ops catalog:seed`
 * (idempotent, under the start-up advisory lock). The server and the ops command run as real
 * processes (through tsx) on PGlite, or on a fresh PostgreSQL database with TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { cards, categories, customers, healthPlans, products, promoCodes, sandboxAccounts } from '../../src/db/schema.js';
import { API_ROOT, ConfigError, loadConfig, testDatabaseUrl } from '../../src/env.js';
import { DEFAULT_PRODUCT_COUNT } from '../../src/seed/catalog.js';
import { DEMO_CUSTOMERS, HEALTH_PLANS, SANDBOX_CARDS, SANDBOX_PLAN, seedAtStart } from '../../src/seed/seed.js';
import { SANDBOX_IN_PRODUCTION_WARNING } from '../../src/services/payment-gateways/sandbox.js';
import { TEST_SECRET, openTestDatabase, testConfig } from '../helpers.js';

async function counts(database: Database) {
  const db = database.db;
  const [c] = await db.select({ n: count() }).from(customers);
  const [s] = await db.select({ n: count() }).from(sandboxAccounts);
  const [k] = await db.select({ n: count() }).from(cards);
  const [p] = await db.select({ n: count() }).from(products);
  const [h] = await db.select({ n: count() }).from(healthPlans);
  const [g] = await db.select({ n: count() }).from(categories);
  const [promo] = await db.select({ n: count() }).from(promoCodes);
  return {
    customers: c!.n,
    sandboxAccounts: s!.n,
    cards: k!.n,
    products: p!.n,
    plans: h!.n,
    categories: g!.n,
    promoCodes: promo!.n,
  };
}

describe('PAYMENT_SANDBOX', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).paymentSandbox).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: 'on' }).paymentSandbox).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' }).paymentSandbox).toBe(false);
  });

  it('a production app refuses the sandbox gateways without it, and warns with it; development never warns', { timeout: 120_000 }, async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const start = async (overrides: Parameters<typeof testConfig>[0]) => {
        const lines: string[] = [];
        const app = await buildApp({
          env: { NODE_ENV: 'test' },
          config: testConfig({ logLevel: 'warn', ...overrides }),
          database,
          logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
        });
        await app.ready();
        await app.close();
        return lines.filter((line) => line.includes(SANDBOX_IN_PRODUCTION_WARNING));
      };
      const refused = start({ nodeEnv: 'production', paymentSandbox: false });
      await expect(refused).rejects.toThrowError(ConfigError);
      await expect(refused).rejects.toThrowError(/PAYMENT_SANDBOX=on/);
      expect(await start({ nodeEnv: 'production', paymentSandbox: true })).toHaveLength(1);
      expect(await start({ nodeEnv: 'development', paymentSandbox: false })).toHaveLength(0);
    } finally {
      await drop();
    }
  });
});

describe('start-up seeding', () => {
  it('production seeds nothing on an empty database: no demo customer, no sandbox card, no catalog', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const logged: string[] = [];
      const seeded = await seedAtStart(database.db, { production: true, secret: TEST_SECRET, log: (line) => logged.push(line) });
      expect(seeded).toBe('nothing');
      expect(await counts(database)).toMatchObject({ customers: 0, sandboxAccounts: 0, cards: 0, products: 0, plans: 0 });
      expect(logged).toEqual([]);
    } finally {
      await drop();
    }
  });

  it('development seeds the demo on an empty catalog, then only missing sandbox cards', { timeout: 120_000 }, async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const log = () => {};
      expect(await seedAtStart(database.db, { production: false, secret: TEST_SECRET, log })).toBe('demo');
      expect(await counts(database)).toMatchObject({
        customers: DEMO_CUSTOMERS.length,
        sandboxAccounts: SANDBOX_CARDS.length,
        products: DEFAULT_PRODUCT_COUNT,
        promoCodes: 1,
      });
      expect(await seedAtStart(database.db, { production: false, secret: TEST_SECRET, log })).toBe('sandbox-cards');
      // The same folder started in production afterwards adds nothing.
      expect(await seedAtStart(database.db, { production: true, secret: TEST_SECRET, log })).toBe('nothing');
      expect(await counts(database)).toMatchObject({ customers: DEMO_CUSTOMERS.length, sandboxAccounts: SANDBOX_CARDS.length });
    } finally {
      await drop();
    }
  });
});

// --- real processes ----------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A fresh place for a process's data: a PostgreSQL database (TEST_DATABASE_URL) or a PGlite folder. */
async function freshStore(): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  concurrent: boolean;
  remove: () => Promise<void>;
}> {
  const url = testDatabaseUrl();
  if (url) {
    const name = `otc_prod_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const dir = mkdtempSync(path.join(tmpdir(), 'otc-prod-'));
    return {
      env: { DATABASE_URL: target.toString(), DATA_DIR: dir },
      open: () => openDatabase({ url: target.toString(), max: 2 }),
      /** PostgreSQL takes several processes at once; a PGlite folder one at a time. */
      concurrent: true,
      async remove() {
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'otc-prod-'));
  return {
    env: { DATA_DIR: path.join(dir, 'db') },
    open: () => openDatabase({ dataDir: path.join(dir, 'db') }),
    concurrent: false,
    async remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What any production process needs besides the variable under test. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'https://shop.example.com',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
};

/** Runs `src/<script>.ts` through tsx with `env` on top of a clean environment. */
function run(script: 'server' | 'ops', args: string[], env: Record<string, string>) {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // The shop's own variables come from the test only.
    if (value === undefined || key.startsWith('TEST_') || /^(NODE_ENV|DATABASE_URL|DATA_DIR|REDIS_URL|PAYMENT_SANDBOX|PORT|HOST|JWT_SECRET|PUBLIC_URL)$/.test(key)) continue;
    base[key] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', `${script}.ts`), ...args], {
    cwd: API_ROOT,
    env: { ...base, STOREFRONT_DIR: '/nonexistent-storefront', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('a production server start', () => {
  it('is refused without PAYMENT_SANDBOX, with a clear message, before the database is touched', { timeout: 120_000 }, async () => {
    const store = await freshStore();
    try {
      const server = run('server', [], { ...PRODUCTION, ...store.env, PORT: String(await freePort()) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/PAYMENT_SANDBOX: .*production runs them only with PAYMENT_SANDBOX=on/);
    } finally {
      await store.remove();
    }
  });

  it('with PAYMENT_SANDBOX=on: warns, and serves a shop with no demo customer, sandbox card or catalog', { timeout: 180_000 }, async () => {
    const store = await freshStore();
    const port = await freePort();
    const server = run('server', [], { ...PRODUCTION, ...store.env, PORT: String(port), PAYMENT_SANDBOX: 'on' });
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 150_000;
      let ready = false;
      while (!ready && Date.now() < deadline && server.child.exitCode === null) {
        ready = await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false);
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready, server.output()).toBe(true);
      expect(server.output()).toContain(SANDBOX_IN_PRODUCTION_WARNING);
      const catalog = (await (await fetch(`${base}/api/catalog/products?page=1`)).json()) as { total: number };
      expect(catalog.total).toBe(0);
      // A documented sandbox card pays nothing here: there is no sandbox ledger.
      const balance = await fetch(`${base}/api/balance-check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'network', number: '6035000000000001', code: '123' }),
      });
      expect(balance.status).toBe(422);
      // The demo customers' password does not sign in: there are no demo customers.
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: DEMO_CUSTOMERS[0].email, password: 'Demo1234' }),
      });
      expect(login.status).toBeGreaterThanOrEqual(400);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const database = await store.open();
      try {
        expect(await counts(database)).toMatchObject({ customers: 0, sandboxAccounts: 0, cards: 0, products: 0, plans: 0 });
      } finally {
        await database.close();
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
      await store.remove();
    }
  });
});

describe('ops catalog:seed', () => {
  it('seeds the catalog of a new production shop once, and nothing else', { timeout: 240_000 }, async () => {
    const store = await freshStore();
    try {
      const env = { ...PRODUCTION, ...store.env };
      // On PostgreSQL two at once (the advisory lock serializes them); on PGlite one after the other.
      const runs = store.concurrent
        ? await Promise.all([1, 2].map(async () => {
            const ops = run('ops', ['catalog:seed'], env);
            return { code: await ops.exited, output: ops.output() };
          }))
        : [];
      if (!store.concurrent) {
        for (let i = 0; i < 2; i++) {
          const ops = run('ops', ['catalog:seed'], env);
          runs.push({ code: await ops.exited, output: ops.output() });
        }
      }
      expect(runs.map((r) => r.code), runs.map((r) => r.output).join('\n')).toEqual([0, 0]);
      const added = runs.map((r) => Number(/catalog seeded: (\d+) products added/.exec(r.output)?.[1])).sort((a, b) => a - b);
      expect(added).toEqual([0, DEFAULT_PRODUCT_COUNT]);
      // ops seed (the demo) is refused in production without PAYMENT_SANDBOX.
      const demo = run('ops', ['seed'], env);
      expect(await demo.exited).toBe(1);
      expect(demo.output()).toContain('PAYMENT_SANDBOX=on');
      const database = await store.open();
      try {
        const after = await counts(database);
        expect(after).toMatchObject({ customers: 0, sandboxAccounts: 0, cards: 0, promoCodes: 0, products: DEFAULT_PRODUCT_COUNT });
        expect(after.plans).toBe(HEALTH_PLANS.length);
        expect(after.categories).toBeGreaterThan(0);
        // The sandbox cards' plan is not a shop's plan (issue 33, item 14).
        const planCodes = (await database.db.select({ code: healthPlans.code }).from(healthPlans)).map((p) => p.code);
        expect(planCodes).not.toContain(SANDBOX_PLAN.code);
      } finally {
        await database.close();
      }
    } finally {
      await store.remove();
    }
  });
});
