/**
 * Pages drawn on the server (issue 18): the storefront's render module (its `--ssr` build,
 * apps/storefront/src/entry-server.tsx) renders a storefront address into the built index.html.
 *
 * - The render's API calls are answered in this process (`app.inject`), from the visitor's own
 *   address. Its reads (GET, HEAD) are marked as the renderer's (lib/render-call.ts): they are the
 *   page's data, not the visitor's API traffic, and no rate limit stops them (issue 32). Its
 *   writes are never marked: they count against the visitor's limits. A page whose data did not
 *   all answer (a 5xx, a 429, a 404 in a page that is not itself a 404) is sent `no-store` and
 *   never kept: it would show every next visitor a page without its data.
 * - The visitor's cookies go with those calls (docs/web-session.md): a member's web session
 *   (`otc_session`) or a guest's cart (`otc_cart`) draws the page for them. Such a page is
 *   `Cache-Control: private, no-store` and never kept or shared with another request.
 * - Each render has a cookie jar, as a browser would: a call carries the cookies as the earlier
 *   answers of the same render left them (a first add's `otc_cart`, a sign-in's `otc_session`, a
 *   `Max-Age=0` removes one), and every `Set-Cookie` of those answers goes onto the page's answer,
 *   in order. A page whose render was set a cookie is the visitor's own (never kept or shared).
 *   The render cannot choose a call's `Cookie`, `Origin` or `Sec-Fetch-*`: as a browser's fetch,
 *   those are the visitor's.
 * - A form posted without scripts (issue 29, `servePost`): the form (urlencoded, read by
 *   storefront.ts) goes to the render as a POST `Request` with the visitor's cookie, language,
 *   origin, fetch metadata and referer; its route action calls the API as the visitor, each call
 *   carrying their `Origin` and `Sec-Fetch-Site`/`-Mode` (so the API's cross-site check applies to
 *   each write) and the form's `_csrf` as `X-CSRF-Token` when the call sends none. The answer is
 *   `private, no-store`, never kept or shared; a redirect is a 303. When the render cannot run
 *   (too busy) the answer is a 503 page with `Retry-After`, and a render that fails a 500 page, both
 *   in the address's language with a link back: never index.html, which would drop the form.
 * - A page whose address carries a link's secret (an e-mail's `token`: undo a change, unsubscribe)
 *   is the visitor's own as well: `private, no-store`, never kept.
 * - A page drawn for no one (neither cookie nor secret link) is the same for every visitor: its HTML is kept per
 *   address, language inputs as the page reads them (pageLanguageKey) and guest plan (the
 *   `otc_plan` cookie; pageCacheKey), with its
 *   ETag and its br/gzip copies: a busy catalog costs one render. It is kept under the public data
 *   version (plugins/app/public-answers.ts) and at most PUBLIC_ANSWER_FRESH_MS (or
 *   PAGE_CACHE_SECONDS if shorter): a change of stock, price or settings announced in any process
 *   shows in the page as soon as in the JSON it is drawn from (issue 30). Shared caches may keep
 *   it briefly (GUEST_PAGE_CACHE_CONTROL).
 * - A GET render that fails falls back to the plain index.html: the browser then draws the page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_FIELD, CSRF_HEADER } from '@otc/sdk/schemas';
import { ifNoneMatchHits } from '../../lib/hot-answers.js';
import { renderCallHeaders } from '../../lib/render-call.js';
import { carriesVisitorCookie, isWrite } from '../../lib/web-session.js';
import { PUBLIC_ANSWER_FRESH_MS } from '../app/public-answers.js';
import { formPostFailurePage } from './form-post-failure.js';
import { pageCacheKey, rememberLanguage } from './page-language.js';
import { cookieJar, setCookieLines } from './render-cookie-jar.js';

export { pageCacheKey, pageLanguageKey } from './page-language.js';

/** What the storefront's render module exports (apps/storefront/src/entry-server.tsx). */
interface RenderModule {
  render(
    request: Request,
    options: { fetch: typeof fetch; origin: string },
  ): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; locale: 'en' | 'es'; lang: string; head: string; body: string; data: string; contentDrawn: boolean }
  >;
  /**
   * The address a page for no one is drawn with and kept under: its path and only the parameters
   * pages read, sorted (issue 32: junk parameters made every request a miss).
   */
  pageCacheAddress?(address: string): string;
  /** Whether an address carries a link's secret (an e-mail's token): its page is the visitor's own. */
  carriesSecretLink?(address: string): boolean;
  renderDocument(
    template: string,
    pathname: string,
    page: { locale: 'en' | 'es'; lang: string; head: string; body: string; data: string; contentDrawn: boolean },
  ): string;
}

interface CachedPage {
  status: number;
  etag: string;
  html: Buffer;
  /**
   * The page compressed, made when first asked for and kept with the page: a page drawn for one
   * visitor is compressed once, for the encoding that visitor takes (issue 29 bench: both were
   * made for every member page, a good part of its render's cost).
   */
  encoded: (encoding: 'br' | 'gzip') => Buffer;
  expires: number;
  /** The public data version the page was drawn at: kept while it stands. */
  dataVersion: number;
  /** Every API call of the render answered: only such a page is kept or shared. */
  complete: boolean;
}

/** `body` brotli- or gzip-compressed, each made once, when first asked for. */
function compressedOnce(body: Buffer): CachedPage['encoded'] {
  const made: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return (encoding) =>
    (made[encoding] ??=
      encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 }));
}

/** Addresses kept at most; the oldest goes first. */
const MAX_CACHED_PAGES = 1000;
/** Renders at a time: each holds the event loop while it draws, so the API's calls still answer. */
export const MAX_RENDERS_AT_ONCE = 4;
/** Renders waiting for a turn at most; more, and the page is sent to be drawn by the browser. */
export const MAX_RENDERS_WAITING = 32;
/**
 * Renders one client address may hold while the renderer is full (issue 32: junk query parameters
 * made every request a miss, and one client's flood slowed everyone's answers). Beyond it, and only
 * while every render slot is taken, the page is index.html, drawn by the browser. Idle slots serve
 * whoever asks: one address may be a care home's or a library's (issue 33 item 25), and a page
 * sent to be drawn by the browser is blank to a visitor without scripts. A form post is never
 * refused for its client's share (it waits its turn): it carries what the visitor did, a double
 * press sends two, and the API's own limits bound its writes.
 */
export const MAX_RENDERS_PER_CLIENT = 2;

/** The plain index.html is served instead: the browser draws the page (too busy to render). */
export class RenderSkipped extends Error {}

/**
 * Request headers the render's API calls carry on (the SDK sets its own Accept-Language). The
 * cookie (from the render's jar) makes them the visitor's own calls (their session, their cart).
 * Not the visitor's Content-Type: it describes the page request's body, not a call's.
 */
const FORWARDED = ['accept-language', 'accept', 'user-agent'];
/** What a browser's fetch sends of its own (a page's script cannot set them): the visitor's. */
const BROWSER_SET = ['cookie', 'origin', 'sec-fetch-site', 'sec-fetch-mode'];
/** A form post's headers the render's API calls carry, so the API's cross-site check sees them. */
const FORM_POST_FORWARDED = ['origin', 'sec-fetch-site', 'sec-fetch-mode'];
/** A form post's headers the render module is handed with the form. */
const FORM_POST_REQUEST_HEADERS = ['cookie', 'accept-language', 'origin', 'sec-fetch-site', 'sec-fetch-mode', 'referer'];
/** Seconds a visitor whose form found the renderer too busy is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** A page drawn for a visitor: kept by no cache, the browser's included. */
export const PERSONAL_PAGE_CACHE_CONTROL = 'private, no-store';
/** A page drawn without some of its data: sent to this visitor only, kept by no cache. */
export const INCOMPLETE_PAGE_CACHE_CONTROL = 'no-store';
/**
 * A page drawn for no one, as its JSON (PUBLIC_CACHE_CONTROL) for shared caches: nginx or a CDN
 * keeps it 30 s, then hands it out 15 s more while asking again (mostly a 304, the ETag being a
 * hash of the HTML). The browser keeps no fresh copy (max-age=0) and asks again each time: the
 * shopper who adds to the cart gets the `otc_cart` cookie and from then on pages drawn for them,
 * never a guest's copy left in the browser, and a revalidation costs a 304.
 */
/** A guest's page that also sets the language cookie (the first page of a visit in a language). */
const LANGUAGE_SET_PAGE_CACHE_CONTROL = 'private, no-cache';
export const GUEST_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=15';
/**
 * What a kept guest page varies on: its encoding, and the inputs of the language decision
 * (Accept-Language, the `locale` cookie, and Sec-Fetch-Site: a page followed from the shop's own
 * is drawn in its address's language) and of the page being personal (the cookies).
 */
const PAGE_VARY = 'accept-encoding, accept-language, cookie, sec-fetch-site';

/** A form posted to a storefront address (`application/x-www-form-urlencoded`, as sent). */
export interface FormPost {
  body: string;
  contentType: string;
}

export interface PageRenderer {
  /** Serves the page drawn; throws `RenderSkipped` (or the render's error) to serve index.html. */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Answers a form post: the page its action leads to, a 303, or a 503/500 page (never throws). */
  servePost(request: FastifyRequest, reply: FastifyReply, form: FormPost): Promise<void>;
  /** Pages kept now (tests and the bench). */
  cachedPages(): number;
}

/**
 * Whether an API answer is data the page may be kept with: a 2xx or 304, and a 404 only in a page
 * that is a 404 itself (an unknown item: that is the page's truth). A 429, a 5xx, a 4xx, or a 404
 * in a page drawn as found, are a page missing its data.
 */
function answered(apiStatus: number, pageStatus: number): boolean {
  if (apiStatus >= 200 && apiStatus < 300) return true;
  if (apiStatus === 304) return true;
  return apiStatus === 404 && pageStatus === 404;
}

/** What a render's API answers left: their statuses, and their `Set-Cookie` lines in order. */
interface RenderCalls {
  statuses: number[];
  setCookies: string[];
}

/** A page drawn, or a redirect, with the `Set-Cookie` lines of the render's API answers. */
type Drawn = ({ page: CachedPage } | { redirect: string; status: number }) & { setCookies: string[] };

export async function createPageRenderer(
  app: FastifyInstance,
  options: {
    modulePath: string;
    templatePath: string;
    cacheMs: number;
    origin: string | undefined;
    /** Renders for no one (cache misses) one client may start a minute (PAGE_MISSES_PER_CLIENT_MINUTE). */
    missesPerClientMinute: number;
  },
): Promise<PageRenderer> {
  const module = (await import(pathToFileURL(options.modulePath).href)) as RenderModule;
  const template = readFileSync(options.templatePath, 'utf8');
  const cache = new Map<string, CachedPage>();
  // No announcement covers a direct SQL change: no longer than a public answer is kept either.
  const keepMs = Math.min(options.cacheMs, PUBLIC_ANSWER_FRESH_MS);
  // The same address asked for by many at once is rendered once.
  const inFlight = new Map<string, Promise<Drawn>>();
  let rendering = 0;
  const queue: Array<() => void> = [];

  const rendersByClient = new Map<string, number>();
  /** Cache misses each client started in the current minute (the map starts again each minute). */
  let missesByClient = new Map<string, number>();
  let missMinute = Math.floor(Date.now() / 60_000);
  const missesAllowed = options.missesPerClientMinute;

  /** Counts a miss `request`'s client starts; throws `RenderSkipped` beyond its minute's share. */
  function countMiss(request: FastifyRequest): void {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== missMinute) {
      missMinute = minute;
      missesByClient = new Map();
    }
    const misses = (missesByClient.get(request.ip) ?? 0) + 1;
    if (misses > missesAllowed) throw new RenderSkipped('too many cache misses for one client');
    missesByClient.set(request.ip, misses);
  }

  /** A render for `request`'s client, within its share while the renderer is full, then in its turn. */
  async function renderFor<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    const client = request.ip;
    const held = rendersByClient.get(client) ?? 0;
    const isFormPost = request.method === 'POST';
    if (!isFormPost && held >= MAX_RENDERS_PER_CLIENT && rendering >= MAX_RENDERS_AT_ONCE) {
      throw new RenderSkipped('too many renders for one client while the renderer is full');
    }
    rendersByClient.set(client, held + 1);
    try {
      return await turn(work);
    } finally {
      const left = (rendersByClient.get(client) ?? 1) - 1;
      if (left > 0) rendersByClient.set(client, left);
      else rendersByClient.delete(client);
    }
  }

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (rendering >= MAX_RENDERS_AT_ONCE) {
      if (queue.length >= MAX_RENDERS_WAITING) throw new RenderSkipped('too many renders waiting');
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    rendering += 1;
    try {
      return await work();
    } finally {
      rendering -= 1;
      queue.shift()?.();
    }
  }

  /**
   * The render's way to the API: answered here, as the visitor, with the render's cookie jar; each
   * answer's status and `Set-Cookie` lines go to `calls`. For a form post, also the visitor's
   * origin and fetch metadata, and the form's `_csrf` on a write that sends no token of its own.
   */
  const fetchAs = (request: FastifyRequest, calls: RenderCalls, form?: FormPost): typeof fetch => {
    const jar = cookieJar(request.headers.cookie);
    const formCsrf = form ? new URLSearchParams(form.body).get(CSRF_FIELD) : null;
    return async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://render.local');
      const method = (init?.method ?? 'GET').toUpperCase() as 'GET';
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      new Headers(init?.headers).forEach((value, name) => {
        if (!BROWSER_SET.includes(name)) headers[name] = value;
      });
      const cookie = jar.header();
      if (cookie) headers.cookie = cookie;
      if (form) {
        for (const name of FORM_POST_FORWARDED) {
          const value = request.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const csrfHeader = CSRF_HEADER.toLowerCase();
        if (formCsrf && isWrite(method) && headers[csrfHeader] === undefined) headers[csrfHeader] = formCsrf;
      }
      Object.assign(headers, renderCallHeaders(method));
      // A turn for the rest of the server first: a guest's calls are answered from memory, so a
      // render never waited on I/O and ran start to end while other requests (health checks,
      // API calls, other renders) waited (bench at 80e3c8a: /api/health p95 4.6 s beside
      // uncached guest pages).
      await new Promise<void>((resolve) => setImmediate(resolve));
      const res = await app.inject({
        method,
        url: `${url.pathname}${url.search}`,
        headers,
        remoteAddress: request.ip,
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      calls.statuses.push(res.statusCode);
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (name === 'set-cookie') continue;
        if (typeof value === 'string') answerHeaders.set(name, value);
        else if (typeof value === 'number') answerHeaders.set(name, String(value));
      }
      for (const line of setCookieLines(res.headers['set-cookie'])) {
        answerHeaders.append('set-cookie', line);
        jar.take(line);
        calls.setCookies.push(line);
      }
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
        status: res.statusCode,
        headers: answerHeaders,
      });
    };
  };

  function remember(key: string | null, dataVersion: number, complete: boolean, status: number, html: string): CachedPage {
    const body = Buffer.from(html, 'utf8');
    const page: CachedPage = {
      status,
      etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      html: body,
      encoded: compressedOnce(body),
      expires: Date.now() + keepMs,
      dataVersion,
      complete,
    };
    if (key !== null && complete && keepMs > 0) {
      cache.delete(key);
      cache.set(key, page);
      while (cache.size > MAX_CACHED_PAGES) cache.delete(cache.keys().next().value as string);
    }
    return page;
  }

  /** Sends a page; `form`: the answer to a form post (no ETag, never "not modified"). */
  function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, personal: boolean, form = false): FastifyReply {
    // An answer that sets the language cookie is this visitor's: no shared cache keeps it.
    const own = rememberLanguage(request, reply);
    reply
      .header(
        'cache-control',
        personal
          ? PERSONAL_PAGE_CACHE_CONTROL
          : own
            ? LANGUAGE_SET_PAGE_CACHE_CONTROL
            : page.complete
              ? GUEST_PAGE_CACHE_CONTROL
              : INCOMPLETE_PAGE_CACHE_CONTROL,
      )
      .header('vary', PAGE_VARY)
      .type('text/html; charset=utf-8');
    if (!form) reply.header('etag', page.etag);
    // Only a page that is there is "not modified" (a 404 answers 404, whatever the client holds).
    if (!form && page.status === 200 && ifNoneMatchHits(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const accepts = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepts)) return reply.code(page.status).header('content-encoding', 'br').send(page.encoded('br'));
    if (/\bgzip\b/.test(accepts)) return reply.code(page.status).header('content-encoding', 'gzip').send(page.encoded('gzip'));
    return reply.code(page.status).send(page.html);
  }

  /**
   * Draws the page; kept under `key` unless null (a page drawn for a visitor) or set a cookie.
   * `form`: a form post, handed to the render as a POST of its body. `calls` gathers what the
   * render's API answers left (their cookies, even when the render then fails).
   */
  async function draw(
    request: FastifyRequest,
    key: string | null,
    form?: FormPost,
    calls: RenderCalls = { statuses: [], setCookies: [] },
    address: string = request.url,
  ): Promise<Drawn> {
    const origin = options.origin ?? `${request.protocol}://${request.host}`;
    // Read before the render: a change announced while it draws leaves the page already stale.
    const dataVersion = app.publicAnswers.version();
    const headers = new Headers();
    for (const name of form ? FORM_POST_REQUEST_HEADERS : ['accept-language', 'cookie', 'sec-fetch-site']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    if (form) headers.set('content-type', form.contentType);
    // The origin and the path joined as text: a path such as `//elsewhere.example/x` stays a path.
    const result = await module.render(
      new Request(`${origin}${address}`, form ? { method: 'POST', headers, body: form.body } : { headers }),
      { fetch: fetchAs(request, calls, form), origin },
    );
    const { setCookies } = calls;
    if (result.kind === 'redirect') return { redirect: result.location, status: result.status, setCookies };
    const pathname = address.split('?')[0] ?? '/';
    const complete = calls.statuses.every((status) => answered(status, result.status));
    const kept = setCookies.length === 0 ? key : null;
    const page = remember(kept, dataVersion, complete, result.status, module.renderDocument(template, pathname, result));
    return { page, setCookies };
  }

  /** Sends what was drawn for this visitor alone: their cookies, `private, no-store`. */
  async function sendPersonal(request: FastifyRequest, reply: FastifyReply, drawn: Drawn, form = false): Promise<void> {
    if (drawn.setCookies.length > 0) reply.header('set-cookie', drawn.setCookies);
    if ('redirect' in drawn) {
      // After a form post, the address it leads to is fetched with GET, whatever the render said.
      await reply.header('cache-control', PERSONAL_PAGE_CACHE_CONTROL).redirect(drawn.redirect, form ? 303 : drawn.status);
      return;
    }
    send(request, reply, drawn.page, true, form);
  }

  return {
    cachedPages: () => cache.size,
    async serve(request, reply) {
      // Drawn for this visitor alone: never from the cache, into it, or shared with a twin request.
      if (carriesVisitorCookie(request) || module.carriesSecretLink?.(request.url)) {
        await sendPersonal(request, reply, await renderFor(request, () => draw(request, null)));
        return;
      }
      // Drawn with, and kept under, the address pages read: junk parameters share the page.
      const address = module.pageCacheAddress ? module.pageCacheAddress(request.url) : request.url;
      const fetchSite = request.headers['sec-fetch-site'];
      const key = pageCacheKey(
        address,
        request.headers.cookie,
        request.headers['accept-language'],
        typeof fetchSite === 'string' ? fetchSite : undefined,
      );
      const kept = cache.get(key);
      if (kept && kept.expires > Date.now() && kept.dataVersion === app.publicAnswers.version()) {
        send(request, reply, kept, false);
        return;
      }
      let pending = inFlight.get(key);
      const shared = pending !== undefined;
      if (!pending) {
        countMiss(request);
        pending = renderFor(request, () => draw(request, key, undefined, undefined, address)).finally(() =>
          inFlight.delete(key),
        );
        inFlight.set(key, pending);
      }
      let drawn = await pending;
      if ('redirect' in drawn && address !== request.url) {
        // A redirect is never kept, and it may carry the address on (a sign-in's `redirect`, with
        // every parameter the visitor came with): drawn again for this visitor's own address.
        drawn = await renderFor(request, () => draw(request, null));
      }
      if (drawn.setCookies.length > 0) {
        // The API set a cookie for the request that drew it: that page and cookie are its own.
        if (shared) drawn = await renderFor(request, () => draw(request, null));
        await sendPersonal(request, reply, drawn);
        return;
      }
      if ('redirect' in drawn) {
        await reply.header('cache-control', 'no-cache').redirect(drawn.redirect, drawn.status);
        return;
      }
      send(request, reply, drawn.page, false);
    },
    async servePost(request, reply, form) {
      // Never from the cache, into it, or shared: the action is this visitor's.
      const calls: RenderCalls = { statuses: [], setCookies: [] };
      try {
        await sendPersonal(request, reply, await renderFor(request, () => draw(request, null, form, calls)), true);
      } catch (error) {
        // Never index.html: the browser would draw the page and the form's action would be lost.
        const busy = error instanceof RenderSkipped;
        if (busy) request.log.warn({ url: request.url }, 'renders busy: a form post answered 503');
        else request.log.error({ err: error, url: request.url }, 'server render of a form post failed');
        // What the API did before the render failed stands: the visitor keeps its cookies.
        if (calls.setCookies.length > 0) reply.header('set-cookie', calls.setCookies);
        if (busy) reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        await reply
          .code(busy ? 503 : 500)
          .header('cache-control', PERSONAL_PAGE_CACHE_CONTROL)
          .type('text/html; charset=utf-8')
          .send(formPostFailurePage(request.url, busy ? 'busy' : 'failed'));
      }
    },
  };
}
