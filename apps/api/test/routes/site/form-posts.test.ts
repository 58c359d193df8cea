// Forms posted without scripts (issue 29, docs/web-session.md "Form posts without scripts"): a POST
// to a storefront address is handed to the render module, whose route action calls the API as the
// visitor (their cookies through a per-render jar, their Origin and fetch metadata, the form's
// `_csrf`); the API's own rules (the cross-site check, the CSRF token, the rate limits) answer
// those calls as they answer the browser. A stand-in render module (like page-render.test.ts)
// plays the storefront's actions against the real API routes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_CALL_HEADER } from '../../../src/lib/render-call.js';
import { MAX_RENDERS_AT_ONCE, MAX_RENDERS_PER_CLIENT, MAX_RENDERS_WAITING } from '../../../src/plugins/external/page-renderer.js';
import { FORM_BODY_LIMIT } from '../../../src/plugins/external/storefront.js';
import { buildTestApp, registerWeb, setCookieOf, type TestApp } from '../../helpers.js';
import { stockedProduct } from '../orders/fixtures.js';

const TEMPLATE = '<!doctype html><html lang="en-US"><head><title>Shop</title></head><body><div id="root"></div></body></html>';
const SHOP = 'https://shop.example';

// The storefront's actions in short: `/cart/add` adds one unit (its own X-CSRF-Token when the form
// has `own_token`, a Cookie and an Origin of its own when it has `spoof`), `/login` signs in (a redirect to `next` when it has one), `/echo` shows the
// request it was handed, `/get-adds` adds on a GET; each page then reads the cart and the CSRF
// token with the same fetch, so the page shows what the next call of the render saw.
const RENDER_MODULE = `
globalThis.__formRenders = 0;
const session = { 'content-type': 'application/json', 'x-auth-mode': 'session' };
export async function render(request, options) {
  globalThis.__formRenders += 1;
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\\/es(?=\\/)/, '');
  if (path.endsWith('/boom')) throw new Error('render failed');
  if (path === '/slow' || url.searchParams.has('slow')) await new Promise((resolve) => setTimeout(resolve, 300));
  const form = new URLSearchParams(request.method === 'POST' ? await request.text() : '');
  const lines = ['method ' + request.method];
  if (path === '/echo') {
    lines.push('type ' + request.headers.get('content-type'), 'body ' + form.toString());
    for (const name of ['cookie', 'accept-language', 'origin', 'sec-fetch-site', 'sec-fetch-mode', 'referer']) {
      lines.push(name + ' ' + request.headers.get(name));
    }
  }
  if (path === '/cart/add' || path === '/get-adds') {
    const own = form.get('own_token');
    // A page's script cannot set a browser's own headers: the renderer does not let the render either.
    const spoof = form.get('spoof') ? { cookie: form.get('spoof'), origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' } : {};
    const add = await options.fetch('/api/order/draft/items', {
      method: 'POST',
      headers: { ...session, ...spoof, ...(own ? { 'x-csrf-token': own } : {}) },
      body: JSON.stringify({ sku_id: Number(form.get('sku') ?? url.searchParams.get('sku')), amount: 1 }),
    });
    lines.push('add ' + add.status + ' ' + ((await add.json()).code ?? 'ok'));
  }
  if (path === '/login') {
    const login = await options.fetch('/api/auth/login', {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ username: form.get('username'), password: form.get('password') }),
    });
    lines.push('login ' + login.status + ' ' + ((await login.json()).code ?? 'ok'), 'username ' + form.get('username'));
    if (login.status === 200 && form.get('next')) {
      await options.fetch('/api/cart');
      return { kind: 'redirect', status: 302, location: form.get('next') };
    }
  }
  const cart = await (await options.fetch('/api/cart')).json();
  lines.push('cart ' + (cart.draft ? cart.draft.rows.map((row) => row.sku.id + 'x' + row.amount).join(',') : 'none'));
  const csrf = await (await options.fetch('/api/auth/csrf')).json();
  lines.push('csrf ' + csrf.csrf_token);
  return {
    kind: 'page', status: 200, locale: 'en', lang: 'en-US', head: '<title>Drawn ' + url.pathname + '</title>',
    body: '<main>\\n' + lines.join('\\n') + '\\n</main>', data: '{}',
  };
}
export function renderDocument(template, pathname, page) {
  return template.replace(/<title>[^<]*<\\/title>/, page.head).replace('<div id="root"></div>', '<div id="root">' + page.body + '</div>');
}
`;

let dir: string;
let t: TestApp;
let sku: number;
const renders = () => (globalThis as { __formRenders?: number }).__formRenders ?? 0;
const storefront = () => ({ storefrontDir: dir, storefrontRender: path.join(dir, 'render.mjs'), pageCacheMs: 60_000, publicUrl: SHOP });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'otc-form-'));
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'render.mjs'), RENDER_MODULE);
  t = await buildTestApp({ seed: true, config: storefront() });
  sku = (await stockedProduct(t, 'cl1', 50, 500)).id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A browser's same-site form post (the visitor's headers), overridable ('' leaves a header out). */
const post = (url: string, form: Record<string, string> | string, headers: Record<string, string> = {}, extra: Partial<InjectOptions> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: Object.fromEntries(
      Object.entries({
        'content-type': 'application/x-www-form-urlencoded',
        origin: SHOP,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'navigate',
        accept: 'text/html',
        ...headers,
      }).filter(([, value]) => value !== ''),
    ),
    payload: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
    ...extra,
  } as InjectOptions);

/** The line of the drawn page that starts with `name`. */
const line = (body: string, name: string) => new RegExp(`^${name} (.*)$`, 'm').exec(body)?.[1];

/** The render's API calls made while `run` runs, as it handed them to `app.inject`. */
interface ApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The `Set-Cookie` lines of its answer. */
  setCookies: string[];
}
async function apiCallsOf(run: () => Promise<unknown>): Promise<ApiCall[]> {
  const spy = vi.spyOn(t.app, 'inject');
  try {
    await run();
    const calls: ApiCall[] = [];
    // `inject` is overloaded: its mock's calls are typed after the last overload (no argument).
    for (const [n, [options]] of (spy.mock.calls as unknown as [unknown][]).entries()) {
      const call = options as Omit<ApiCall, 'setCookies'>;
      if (typeof call !== 'object' || !call.url.startsWith('/api/')) continue;
      const answer = (await spy.mock.results[n]!.value) as { headers: Record<string, string | string[] | undefined> };
      calls.push({ ...call, setCookies: ([] as string[]).concat(answer.headers['set-cookie'] ?? []) });
    }
    return calls;
  } finally {
    spy.mockRestore();
  }
}

/** A guest whose cart was made by a form post: its cookie and its CSRF token. */
async function guestWithCart(): Promise<{ cookie: string; csrf: string }> {
  const first = await post('/cart/add', { sku: String(sku) });
  const cart = setCookieOf(first, 'otc_cart');
  if (!cart) throw new Error(`no cart cookie: ${first.statusCode} ${first.body}`);
  const cookie = `otc_cart=${cart.value}`;
  const csrf = (await t.app.inject({ method: 'GET', url: '/api/auth/csrf', headers: { cookie } })).json().csrf_token as string;
  return { cookie, csrf };
}

describe('a form posted to a storefront address', () => {
  it("is handed to the render as a POST with the form and the visitor's headers", async () => {
    const res = await post('/es/echo?x=1', 'name=Ana+Mar%C3%ADa&_csrf=t0', {
      cookie: 'locale=es',
      'accept-language': 'es-MX',
      referer: `${SHOP}/es/echo`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Drawn /es/echo</title>');
    expect(line(res.body, 'method')).toBe('POST');
    expect(line(res.body, 'type')).toBe('application/x-www-form-urlencoded');
    expect(line(res.body, 'body')).toBe('name=Ana+Mar%C3%ADa&_csrf=t0');
    expect(line(res.body, 'cookie')).toBe('locale=es');
    expect(line(res.body, 'accept-language')).toBe('es-MX');
    expect(line(res.body, 'origin')).toBe(SHOP);
    expect(line(res.body, 'sec-fetch-site')).toBe('same-origin');
    expect(line(res.body, 'sec-fetch-mode')).toBe('navigate');
    expect(line(res.body, 'referer')).toBe(`${SHOP}/es/echo`);
  });

  it('answers private, no-store, never from the page cache nor into it, never shared with a twin', async () => {
    const kept = t.app.inject({ method: 'GET', url: '/echo', headers: { accept: 'text/html' } });
    expect((await kept).headers['cache-control']).toContain('public');
    const before = renders();
    const [one, two] = await Promise.all([post('/echo', 'a=1'), post('/echo', 'a=2')]);
    const three = await post('/echo', 'a=1');
    expect(renders()).toBe(before + 3);
    for (const res of [one!, two!, three]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    expect(line(one!.body, 'body')).toBe('a=1');
    expect(line(two!.body, 'body')).toBe('a=2');
    // The page GET kept before is still the guest's copy, untouched by the posts.
    const again = await t.app.inject({ method: 'GET', url: '/echo', headers: { accept: 'text/html' } });
    expect(line(again.body, 'method')).toBe('GET');
    expect(renders()).toBe(before + 3);
  });

  it('takes only a urlencoded form of at most 32 KB: any other body is 415, a larger one 413', async () => {
    const exact = `a=${'x'.repeat(FORM_BODY_LIMIT - 2)}`;
    expect((await post('/echo', exact)).statusCode).toBe(200);
    expect((await post('/echo', `${exact}x`)).statusCode).toBe(413);
    // Streamed without a length: stopped at the limit all the same.
    const streamed = await post('/echo', '', {}, { payload: Readable.from([Buffer.from(exact), Buffer.from('xx')]) });
    expect(streamed.statusCode).toBe(413);
    expect((await post('/echo', '{"a":1}', { 'content-type': 'application/json' })).statusCode).toBe(415);
    expect((await post('/echo', 'a=1', { 'content-type': 'text/plain' })).statusCode).toBe(415);
    expect((await post('/echo', '--x--', { 'content-type': 'multipart/form-data; boundary=x' })).statusCode).toBe(415);
    expect((await post('/echo', 'a=1', { 'content-encoding': 'gzip' })).statusCode).toBe(415);
    const refused = await post('/echo', 'a=1', { 'content-type': 'text/plain' });
    expect(refused.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('leaves the API alone: an /api route still refuses a form, an unknown /api address is still 404', async () => {
    const guest = await guestWithCart();
    const asPage = await post('/cart/add', { sku: String(sku), _csrf: guest.csrf }, { cookie: guest.cookie });
    expect(line(asPage.body, 'add')).toBe('200 ok');
    expect(line(asPage.body, 'cart')).toBe(`${sku}x2`);
    const asApi = await post('/api/order/draft/items', { sku_id: String(sku), amount: '1', _csrf: guest.csrf }, { cookie: guest.cookie });
    expect(asApi.statusCode).toBe(415);
    expect(asApi.json()).toMatchObject({ code: 'unsupported_media_type' });
    const unknown = await post('/api/no-such-route', { a: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    expect((await post('/assets/x.js', { a: '1' })).statusCode).toBe(404);
    const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: guest.cookie } });
    expect(cart.json().draft.rows[0].amount).toBe(2);
  });
});

describe("the render's API calls are the visitor's own", () => {
  it("carry the visitor's cookie, origin, fetch metadata and the form's _csrf; only reads are marked", async () => {
    const guest = await guestWithCart();
    const calls = await apiCallsOf(async () => {
      const res = await post('/cart/add', { sku: String(sku), _csrf: guest.csrf }, { cookie: guest.cookie });
      expect(line(res.body, 'add')).toBe('200 ok');
      expect(line(res.body, 'cart')).toBe(`${sku}x2`);
    });
    const write = calls.find((call) => call.method === 'POST')!;
    expect(write.url).toBe('/api/order/draft/items');
    expect(write.headers).toMatchObject({
      cookie: guest.cookie,
      origin: SHOP,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'navigate',
      'x-csrf-token': guest.csrf,
    });
    expect(write.headers[RENDER_CALL_HEADER]).toBeUndefined();
    const reads = calls.filter((call) => call.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read.headers[RENDER_CALL_HEADER]).toEqual(expect.any(String));
  });

  it("a cross-site origin, a cross-site fetch or a wrong _csrf: the API's 403 comes back to the render, nothing changes", async () => {
    const guest = await guestWithCart();
    const refused = [
      // A browser without fetch metadata says where the form was by its Origin alone.
      [{ origin: 'https://elsewhere.example', 'sec-fetch-site': '' }, guest.csrf, '403 cross_site_request'],
      [{ origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }, guest.csrf, '403 cross_site_request'],
      [{ origin: 'null', 'sec-fetch-site': 'cross-site' }, guest.csrf, '403 cross_site_request'],
      [{}, 'not-the-token', '403 csrf_token_invalid'],
      [{}, '', '403 csrf_token_invalid'],
    ] as const;
    for (const [headers, csrf, answer] of refused) {
      const res = await post('/cart/add', { sku: String(sku), _csrf: csrf }, { cookie: guest.cookie, ...headers });
      expect(res.statusCode).toBe(200);
      expect(line(res.body, 'add')).toBe(answer);
      expect(line(res.body, 'cart')).toBe(`${sku}x1`);
    }
  });

  it("the render cannot send a Cookie of its own, as a page's script cannot: the visitor's jar goes", async () => {
    const other = await guestWithCart();
    // A visitor without cookies whose render names another guest's cart: a cart of their own is made.
    const res = await post('/cart/add', { sku: String(sku), _csrf: other.csrf, spoof: other.cookie });
    expect(line(res.body, 'add')).toBe('200 ok');
    expect(setCookieOf(res, 'otc_cart')!.value).not.toBe(other.cookie.split('=')[1]);
    const untouched = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: other.cookie } });
    expect(untouched.json().draft.rows[0].amount).toBe(1);
  });

  it("a call's own X-CSRF-Token goes instead of the form's _csrf", async () => {
    const guest = await guestWithCart();
    const own = await post('/cart/add', { sku: String(sku), _csrf: 'stale', own_token: guest.csrf }, { cookie: guest.cookie });
    expect(line(own.body, 'add')).toBe('200 ok');
    const wrongOwn = await post('/cart/add', { sku: String(sku), _csrf: guest.csrf, own_token: 'wrong' }, { cookie: guest.cookie });
    expect(line(wrongOwn.body, 'add')).toBe('403 csrf_token_invalid');
    expect(line(wrongOwn.body, 'cart')).toBe(`${sku}x2`);
  });
});

describe('cookies', () => {
  it("a guest's first add sets otc_cart on the page's answer, and the render's next calls carry it", async () => {
    const res = await post('/cart/add', { sku: String(sku) });
    expect(line(res.body, 'add')).toBe('200 ok');
    // The cart read and the token read of the same render were the cart cookie's.
    expect(line(res.body, 'cart')).toBe(`${sku}x1`);
    const cart = setCookieOf(res, 'otc_cart')!;
    expect(cart.attributes).toContain('HttpOnly');
    expect(line(res.body, 'csrf')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const later = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: `otc_cart=${cart.value}` } });
    expect(later.json().draft.rows).toHaveLength(1);
  });

  it("a sign-in's Set-Cookie lines (the session, the cart cleared) pass in order; the next call sees them; a redirect is a 303", async () => {
    await registerWeb(t.app, 'form-member@example.com', { password: 'Member1234' });
    const guest = await guestWithCart();
    let res!: Awaited<ReturnType<typeof post>>;
    const calls = await apiCallsOf(async () => {
      res = await post(
        '/login',
        { username: 'form-member@example.com', password: 'Member1234', next: '/account', _csrf: guest.csrf },
        { cookie: `locale=en; ${guest.cookie}` },
      );
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Every line the render's API answers set, in their order.
    const lines = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
    expect(lines).toEqual(calls.flatMap((call) => call.setCookies));
    expect(new Set(lines.map((l) => l.split('=')[0]))).toEqual(new Set(['otc_cart', 'otc_session']));
    const session = setCookieOf(res, 'otc_session')!;
    expect(setCookieOf(res, 'otc_cart')!.attributes).toContain('Max-Age=0');
    // The cart read after the sign-in carried the new session and no longer the cart.
    const afterSignIn = calls.filter((call) => call.url === '/api/cart').at(-1)!;
    expect(afterSignIn.headers.cookie).toBe(`locale=en; otc_session=${session.value}`);
    // The guest's row was merged into the member's draft.
    const member = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: `otc_session=${session.value}` } });
    expect(member.json().draft.rows.map((row: { sku: { id: number } }) => row.sku.id)).toEqual([sku]);
  });

  it('a sign-in that replaces otc_session: the next call carries the new one', async () => {
    const web = await registerWeb(t.app, 'form-again@example.com', { password: 'Member1234' });
    const res = await post('/login', { username: 'form-again@example.com', password: 'Member1234', _csrf: web.csrf }, { cookie: web.cookie });
    expect(res.statusCode).toBe(200);
    expect(line(res.body, 'login')).toBe('200 ok');
    const session = setCookieOf(res, 'otc_session')!;
    expect(`otc_session=${session.value}`).not.toBe(web.cookie);
    // The old session ended at this sign-in: with it, the cart read would have been a guest's.
    expect(line(res.body, 'cart')).not.toBe('none');
    expect(line(res.body, 'csrf')).not.toBe(web.csrf);
    const old = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: web.cookie } });
    expect(old.json()).toEqual({ draft: null });
  });

  it("a GET render's Set-Cookie goes onto the page too, and that page is the visitor's own (not kept)", async () => {
    const pagesBefore = renders();
    const first = await t.app.inject({ method: 'GET', url: `/get-adds?sku=${sku}`, headers: { accept: 'text/html' } });
    expect(first.statusCode).toBe(200);
    expect(setCookieOf(first, 'otc_cart')).not.toBeNull();
    expect(line(first.body, 'cart')).toBe(`${sku}x1`);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const second = await t.app.inject({ method: 'GET', url: `/get-adds?sku=${sku}`, headers: { accept: 'text/html' } });
    expect(renders()).toBe(pagesBefore + 2);
    expect(setCookieOf(second, 'otc_cart')!.value).not.toBe(setCookieOf(first, 'otc_cart')!.value);
  });

  it('a twin request of a guest GET whose render was set a cookie is drawn again for itself (never given that cookie)', async () => {
    const before = renders();
    const url = `/get-adds?sku=${sku}&slow=1`;
    const twins = await Promise.all([0, 1].map(() => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })));
    const carts = twins.map((res) => setCookieOf(res, 'otc_cart')?.value);
    expect(carts.every((value) => value !== undefined)).toBe(true);
    expect(carts[0]).not.toBe(carts[1]);
    for (const res of twins) expect(res.headers['cache-control']).toBe('private, no-store');
    // One render shared by the two, then the twin's own.
    expect(renders()).toBe(before + 2);
  });
});

describe('when the render cannot answer the form', () => {
  /** A small page of its own (never index.html, never kept) in `lang`, saying `text`, linking to `href`. */
  function expectFailurePage(res: Awaited<ReturnType<typeof post>>, status: number, lang: string, text: string, href: string) {
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(text);
    expect(res.body).toContain(`href="${href}"`);
    expect(res.body).not.toContain('<div id="root">');
  }

  it(`a double press from one address is drawn twice, even beyond its share of ${MAX_RENDERS_PER_CLIENT} (a form is never refused for its client's share)`, async () => {
    const from = { remoteAddress: '192.0.2.91' };
    const answers = await Promise.all(Array.from({ length: MAX_RENDERS_PER_CLIENT + 1 }, () => post('/slow', 'a=1', {}, from)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
  });

  it(`busy (every render slot and ${MAX_RENDERS_WAITING} waiting taken): 503 with Retry-After and a page in the address's language`, async () => {
    /** One more form than the renderer runs and queues, at once, each from its own address. */
    const flood = async (url: string) => {
      const answers = await Promise.all(
        Array.from({ length: MAX_RENDERS_AT_ONCE + MAX_RENDERS_WAITING + 1 }, (_, n) =>
          post(url, 'a=1', {}, { remoteAddress: `198.18.${url.length}.${n + 1}` }),
        ),
      );
      return { drawn: answers.filter((res) => res.statusCode === 200), busy: answers.filter((res) => res.statusCode !== 200) };
    };
    const spanish = await flood('/es/slow?x=1');
    expect(spanish.drawn).toHaveLength(MAX_RENDERS_AT_ONCE + MAX_RENDERS_WAITING);
    expect(spanish.busy).toHaveLength(1);
    const busy = spanish.busy[0]!;
    expectFailurePage(busy, 503, 'es', 'La tienda está muy ocupada. Vuelva a intentarlo en unos segundos.', '/es/slow?x=1');
    expect(busy.headers['retry-after']).toBe('5');
    const english = await flood('/slow');
    expect(english.busy).toHaveLength(1);
    expectFailurePage(english.busy[0]!, 503, 'en', 'The shop is very busy. Please try again in a few seconds.', '/slow');
  });

  it('a render that fails: 500 with a small page (never index.html); its link stays on this shop', async () => {
    expectFailurePage(await post('//elsewhere.example/boom', 'a=1'), 500, 'en', 'Something went wrong.', '/elsewhere.example/boom');
    expectFailurePage(await post('/es/boom', 'a=1'), 500, 'es', 'Algo salió mal.', '/es/boom');
  });
});

describe('the rate limits (issue 32) stand for writes of a render', () => {
  const visitor = '203.0.113.70';
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: { authMax: 3 }, config: storefront() });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('the sign-in limit answers 429 through repeated form posts (no unlimited password guesses)', async () => {
    const answers: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: visitor,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SHOP, accept: 'text/html' },
        payload: new URLSearchParams({ username: 'nobody@example.com', password: `guess${n}` }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(line(res.body, 'username')).toBe('nobody@example.com');
      answers.push(line(res.body, 'login')!.split(' ')[0]!);
    }
    expect(answers.slice(0, 3)).not.toContain('429');
    expect(answers.slice(3)).toEqual(['429', '429']);
    // A page's reads are still not the visitor's traffic: the same visitor's page has its data.
    const page = await limited.app.inject({ method: 'GET', url: '/anything', remoteAddress: visitor, headers: { accept: 'text/html' } });
    expect(line(page.body, 'cart')).toBe('none');
  });
});
