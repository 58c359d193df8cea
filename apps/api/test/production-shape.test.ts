/**
 * The production shape (issue 17): `Cache-Control: no-store` on every signed-in answer and on
 * answers to requests carrying a bearer token; no source maps (nor dot folders) served in
 * production; Swagger UI and the OpenAPI document only with API_DOCS=on; JWT_SECRET refused when
 * low in entropy; PUBLIC_URL required in production and the only base of absolute links.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract, type RouteName } from '@otc/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, PLACEHOLDER_SUPPORT_PHONE, loadConfig, type AppConfig } from '../src/env.js';
import { secretWeakness } from '../src/lib/secret.js';
import { servedInProduction } from '../src/plugins/external/storefront.js';
import { bearer, buildTestApp, openTestDatabase, registerCustomer, testConfig, type TestApp } from './helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  ({ token } = await registerCustomer(t.app, 'cache@example.com'));
});
afterAll(async () => t?.close());

describe('Cache-Control: no-store', () => {
  it('on every signed-in route of the contract, whatever it answers', async () => {
    const checked: string[] = [];
    for (const [name, def] of Object.entries(contract) as [RouteName, (typeof contract)[RouteName]][]) {
      if (!def.auth) continue;
      const url = def.path.replace(/\{id\}/g, name === 'endSession' ? '00000000-0000-0000-0000-000000000000' : '1');
      const res = await t.app.inject({
        method: def.method,
        url,
        headers: bearer(token),
        ...('body' in def ? { payload: {} } : {}),
      });
      expect(res.headers['cache-control'], `${name}: ${res.statusCode}`).toBe('no-store');
      checked.push(name);
    }
    expect(checked.length).toBeGreaterThan(30);
  });

  it('on a signed-in route refused for want of a token, and on the answers that carry tokens', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'network.demo@example.com', password: 'Demo1234' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('on a public route asked with a bearer token (even a bad one), not without', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/catalog/products' });
    expect(anonymous.headers['cache-control']).not.toMatch(/no-store/);
    for (const value of [token, 'not.a.token']) {
      const signed = await t.app.inject({ method: 'GET', url: '/api/catalog/products', headers: bearer(value) });
      expect(signed.statusCode).toBe(200);
      // Issue 30: private too (plugins/app/public-answers.ts).
      expect(signed.headers['cache-control']).toBe('private, no-store');
    }
  });
});

describe('source maps and build files', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'otc-maps-'));
    mkdirSync(path.join(root, 'assets'));
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Shop</title>');
    writeFileSync(path.join(root, 'assets', 'app-1.js'), 'console.log(1)\n//# sourceMappingURL=app-1.js.map');
    writeFileSync(path.join(root, 'assets', 'app-1.js.map'), '{"sources":["../src/secret-source.ts"]}');
    writeFileSync(path.join(root, 'assets', 'app-1.js.map.gz'), 'gz');
    writeFileSync(path.join(root, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('production answers 404 for maps and dot folders, and serves the rest', async () => {
    const prod = await buildTestApp({ config: { nodeEnv: 'production', storefrontDir: root } });
    try {
      for (const url of ['/assets/app-1.js.map', '/assets/APP-1.JS.MAP', '/assets/app-1.js.map.gz', '/.vite/manifest.json', '/assets/../.vite/manifest.json']) {
        for (const accept of ['*/*', 'text/html', 'application/json']) {
          const res = await prod.app.inject({ method: 'GET', url, headers: { accept, 'accept-encoding': 'gzip, br' } });
          expect(res.body, `${url} ${accept}`).not.toContain('secret-source');
          expect(res.body, `${url} ${accept}`).not.toContain('src/main.tsx');
          expect(res.statusCode === 404 || res.body.includes('<title>Shop</title>'), `${url} ${accept}: ${res.statusCode}`).toBe(true);
        }
      }
      const script = await prod.app.inject({ method: 'GET', url: '/assets/app-1.js' });
      expect(script.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('development still serves them (for the developer tools)', async () => {
    const dev = await buildTestApp({ config: { nodeEnv: 'development', storefrontDir: root } });
    try {
      expect((await dev.app.inject({ method: 'GET', url: '/assets/app-1.js.map' })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('the rule', () => {
    expect(servedInProduction('/assets/app-1.js')).toBe(true);
    expect(servedInProduction('/index.html')).toBe(true);
    expect(servedInProduction('/assets/app-1.js.map')).toBe(false);
    expect(servedInProduction('/assets/app.css.map.br')).toBe(false);
    expect(servedInProduction('/.vite/manifest.json')).toBe(false);
    expect(servedInProduction('/.env')).toBe(false);
  });
});

describe('API documents', () => {
  it('production serves no Swagger UI and no OpenAPI document unless API_DOCS=on', async () => {
    const prod = await buildTestApp({ config: { nodeEnv: 'production' } });
    try {
      for (const url of ['/api/openapi.json', '/api/docs', '/api/docs/', '/api/docs/json']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await prod.close();
    }
    expect(loadConfig({}).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: 'on' }).apiDocs).toBe(true);
  });
});

describe('JWT_SECRET', () => {
  const random = [
    '3c9e1f0b7a5d48e2b61f9a0c4d7e2b85', // openssl rand -hex 16
    'f8f8ddc9fc61621ce53cf50251ca7ee99e581fe0daf7c878f57b41555944f7a8', // openssl rand -hex 32
    'q0N8kq3vYx+7cQm1Zb9/T2aWfL6eRj4uHs5pGd8oVnI=', // openssl rand -base64 32
  ];
  const weak = [
    'a'.repeat(40),
    'ab'.repeat(20),
    'abcdefgh'.repeat(5),
    'abcdefghijklmnopqrstuvwxyz0123456789',
    'changeme-changeme-changeme-changeme',
    'please-replace-me-with-a-long-random-string',
    'my-super-secret-jwt-key-for-the-shop-2024',
    'Tr0ub4dor&3Tr0ub4dor&3Tr0ub4dor&3',
    'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  ];

  it('random secrets pass, typed or repeated ones are refused with the reason', () => {
    for (const secret of random) expect(secretWeakness(secret), secret).toBeNull();
    for (const secret of weak) expect(secretWeakness(secret), secret).not.toBeNull();
  });

  it('is refused at start, in production and outside it, from the environment', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, JWT_SECRET: 'a'.repeat(40) })).toThrowError(/JWT_SECRET is too weak: it has only 1 distinct/);
    }
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: random[1] }).jwtSecret).toBe(random[1]);
  });

  it('buildApp refuses a weak one handed in with the configuration, in production', async () => {
    await expect(
      buildApp({ env: { NODE_ENV: 'test' }, config: testConfig({ nodeEnv: 'production', jwtSecret: 'a'.repeat(40) }) }),
    ).rejects.toThrowError(/JWT_SECRET is too weak/);
  });
});

describe('SUPPORT_PHONE (issue 33, item 14)', () => {
  const production = (overrides: Partial<AppConfig>) =>
    buildApp({
      env: { NODE_ENV: 'test' },
      // A shop of its own: real gateways (no sandbox), so not a demo deploy.
      config: testConfig({ nodeEnv: 'production', paymentSandbox: false, ...overrides }),
      gateways: [],
    });

  it("a shop in production refuses the demo's placeholder number, with a clear message", async () => {
    const started = production({ supportPhone: PLACEHOLDER_SUPPORT_PHONE });
    await expect(started).rejects.toThrowError(ConfigError);
    await expect(started).rejects.toThrowError(/SUPPORT_PHONE is required in production/);
  });

  it('starts with its own number; a demo deploy (PAYMENT_SANDBOX=on) keeps the placeholder', async () => {
    // On a test database (a copy of the migrated template): two fresh in-memory databases, each
    // migrated from nothing, took more than 90 s beside the browser suites.
    const startsOn = async (config: AppConfig, gateways?: []) => {
      const { database, drop } = await openTestDatabase();
      try {
        const app = await buildApp({ env: { NODE_ENV: 'test' }, config, database, ...(gateways ? { gateways } : {}) });
        await app.close();
      } finally {
        await drop();
      }
    };
    await startsOn(testConfig({ nodeEnv: 'production', paymentSandbox: false, supportPhone: '+1 (800) 555-0100' }), []);
    await startsOn(testConfig({ nodeEnv: 'production', paymentSandbox: true, supportPhone: PLACEHOLDER_SUPPORT_PHONE }));
  });
});

describe('PUBLIC_URL', () => {
  it('is required in production, with a clear message', async () => {
    const started = buildApp({ env: { NODE_ENV: 'test' }, config: testConfig({ nodeEnv: 'production', publicUrl: undefined }) });
    await expect(started).rejects.toThrowError(ConfigError);
    await expect(started).rejects.toThrowError(/PUBLIC_URL is required in production/);
  });

  it('is localhost outside production when unset, without a trailing slash, and only http(s)', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe('https://shop.example.com');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: random32() }).publicUrl).toBeUndefined();
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrowError(/PUBLIC_URL/);
  });

  it('is the sitemap base whatever the Host header says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain('<loc>http://localhost:3000/catalog</loc>');
  });
});

function random32() {
  return 'f8f8ddc9fc61621ce53cf50251ca7ee99e581fe0daf7c878f57b41555944f7a8';
}
