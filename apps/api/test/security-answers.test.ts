/**
 * Answers and logs under hostile input (issue 11): 414 and 431 in the shop's shape without the
 * input, Retry-After on every 429, no personal data from the query (or a body the parser quotes)
 * in the log, and the cheap headers (CSP without inline scripts, HSTS in production only, no
 * server version).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../src/app.js';
import { buildTestApp, call, outboxCode, registerCustomer, testConfig, type TestApp } from './helpers.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let storefront: string;
beforeAll(async () => {
  storefront = mkdtempSync(path.join(tmpdir(), 'otc-storefront-'));
  writeFileSync(
    path.join(storefront, 'index.html'),
    '<!doctype html><html><head><script src="/colour-mode.js"></script></head><body><div id="root"></div></body></html>',
  );
  // Development mode: the log of a demo holds whole URLs unless they are redacted.
  const config = { nodeEnv: 'development' as const, logLevel: 'info', storefrontDir: storefront };
  t = await buildTestApp({ config, logger: { ...(loggerOptions(testConfig(config)) as object), stream: sink } });
});
afterAll(async () => {
  await t?.close();
  rmSync(storefront, { recursive: true, force: true });
});

/** A raw HTTP/1.1 exchange with a listening copy of the app (inject skips Node's parser). */
async function raw(headers: Record<string, string>, pathname = '/api/health') {
  const address = t.app.server.address() as AddressInfo;
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: address.port, path: pathname, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('414 and 431', () => {
  it('a path parameter over 100 characters answers 414 uri_too_long, without the path', async () => {
    const long = `secret.person.${'x'.repeat(200)}`;
    const res = await call(t.app, { method: 'GET', url: `/api/order/${long}`, headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ code: 'uri_too_long', message: 'La dirección de la solicitud es demasiado larga.' });
    expect(res.response.body).not.toContain('secret.person');
  });

  it('headers over the server limit answer 431 headers_too_large, without the headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await raw({ 'x-filler': `secret.person@example.com${'y'.repeat(20_000)}` });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ code: 'headers_too_large', message: 'The request headers are too large.' });
    expect(res.body).not.toContain('secret.person');
    // A long URL counts against the same limit.
    const url = await raw({}, `/api/products?q=secret.person${'z'.repeat(20_000)}`);
    expect(url.status).toBe(431);
    expect(url.body).not.toContain('secret.person');
  });
});

describe('Retry-After', () => {
  it('is on the 429 of a code tried too often', async () => {
    await registerCustomer(t.app, 'tries@example.com');
    t.clock.advance(61_000);
    await call(t.app, { method: 'POST', url: '/api/auth/code', payload: { login: 'tries@example.com' } });
    const right = await outboxCode(t.app, 'tries@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      await call(t.app, { method: 'POST', url: '/api/auth/code/verify', payload: { login: 'tries@example.com', code: wrong } });
    }
    const fifth = await call(t.app, { method: 'POST', url: '/api/auth/code/verify', payload: { login: 'tries@example.com', code: wrong } });
    expect(fifth.status).toBe(429);
    expect(fifth.body.code).toBe('code_attempts_exceeded');
    // The code is dead and a new one may be asked for at once: the shortest wait.
    expect(fifth.response.headers['retry-after']).toBe('1');
    t.clock.advance(30_000);
    const sixth = await call(t.app, { method: 'POST', url: '/api/auth/code/verify', payload: { login: 'tries@example.com', code: right } });
    expect(sixth.status).toBe(429);
    expect(sixth.response.headers['retry-after']).toBe('1');
  });
});

describe('the request log', () => {
  it('holds no query values, no password a parser quotes, no token', async () => {
    lines.length = 0;
    await call(t.app, { method: 'GET', url: '/api/dev/outbox?to=secret.person%40example.com' });
    await call(t.app, { method: 'GET', url: '/api/nowhere?email=secret.person@example.com&token=tok-SECRET-123&code=654321' });
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"username":"secret.person@example.com","password": Hunter2Secret}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tok-SECRET-456' },
    });
    const log = lines.join('');
    expect(log).toContain('/api/dev/outbox?to=[redacted]');
    expect(log).toContain('/api/nowhere?email=[redacted]&token=[redacted]&code=[redacted]');
    for (const secret of ['secret.person', 'tok-SECRET', '654321', 'Hunter2Secret']) expect(log).not.toContain(secret);
  });

  it('redacts every query value, and names that are not plain names', () => {
    expect(redactUrl('/api/products')).toBe('/api/products');
    expect(redactUrl('/api/a?x=1&y=&z')).toBe('/api/a?x=[redacted]&y=[redacted]&z=[redacted]');
    expect(redactUrl('/api/a?me@example.com')).toBe('/api/a?[redacted]');
  });
});

describe('headers', () => {
  it('the storefront page has a CSP without inline scripts, no HSTS outside production, no server version', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers.server).toBeUndefined();
    expect(page.headers['x-powered-by']).toBeUndefined();
  });

  it('session recording: the CSP opens https://*.clarity.ms only in production with a site id', async () => {
    const directives = (csp: string) =>
      Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name = '', ...sources]) => [name, sources.join(' ')]),
      );
    const cases = [
      { nodeEnv: 'production', sessionRecordingSiteId: 'abcdef1234', opened: true },
      { nodeEnv: 'production', sessionRecordingSiteId: undefined, opened: false },
      { nodeEnv: 'development', sessionRecordingSiteId: 'abcdef1234', opened: false },
    ] as const;
    for (const { opened, ...config } of cases) {
      const app = await buildTestApp({ config });
      try {
        const res = await app.app.inject({ method: 'GET', url: '/api/health' });
        const csp = directives(String(res.headers['content-security-policy']));
        const host = opened ? ' https://*.clarity.ms' : '';
        expect(csp['script-src'], JSON.stringify(config)).toBe(`'self'${host}`);
        expect(csp['connect-src']).toBe(`'self'${host}`);
        expect(csp['img-src']).toBe(`'self' data:${host}`);
        // Nothing else moves: no inline scripts, same-origin defaults, no framing.
        expect(csp['default-src']).toBe("'self'");
        expect(csp['object-src']).toBe("'none'");
        expect(csp['frame-ancestors']).toBe("'none'");
      } finally {
        await app.close();
      }
    }
  });

  it('production adds HSTS', async () => {
    const prod = await buildTestApp({ config: { nodeEnv: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.server).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    } finally {
      await prod.close();
    }
  });
});
