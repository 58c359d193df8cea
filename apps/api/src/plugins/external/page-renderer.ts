/**
 * Pages drawn on the server (issue 18): the storefront's render module (its `--ssr` build,
 * apps/storefront/src/entry-server.tsx) renders a storefront address into the built index.html.
 *
 * - The render's API calls are answered in this process (`app.inject`), from the visitor's own
 *   address, marked as the renderer's (lib/render-call.ts): they are the page's data, not the
 *   visitor's API traffic, and no rate limit stops them (issue 32). A page whose data did not all
 *   answer (a 5xx, a 429, a 404 in a page that is not itself a 404) is sent `no-store` and never
 *   kept: it would show every next visitor a page without its data.
 * - The visitor's cookies go with those calls (docs/web-session.md): a member's web session
 *   (`otc_session`) or a guest's cart (`otc_cart`) draws the page for them. Such a page is
 *   `Cache-Control: private, no-store` and never kept or shared with another request.
 * - A page drawn for no one (neither cookie) is the same for every visitor: its HTML is kept per
 *   address and language inputs as the page reads them (pageLanguageKey), with its
 *   ETag and its br/gzip copies: a busy catalog costs one render. It is kept under the public data
 *   version (plugins/app/public-answers.ts) and at most PUBLIC_ANSWER_FRESH_MS (or
 *   PAGE_CACHE_SECONDS if shorter): a change of stock, price or settings announced in any process
 *   shows in the page as soon as in the JSON it is drawn from (issue 30). Shared caches may keep
 *   it briefly (GUEST_PAGE_CACHE_CONTROL).
 * - A render that fails falls back to the plain index.html: the browser then draws the page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from '@otc/sdk';
import { pickLanguage } from '../../lib/errors.js';
import { ifNoneMatchHits } from '../../lib/hot-answers.js';
import { renderCallHeaders } from '../../lib/render-call.js';
import { carriesVisitorCookie } from '../../lib/web-session.js';
import { PUBLIC_ANSWER_FRESH_MS } from '../app/public-answers.js';

/** What the storefront's render module exports (apps/storefront/src/entry-server.tsx). */
interface RenderModule {
  render(
    request: Request,
    options: { fetch: typeof fetch; origin: string },
  ): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; status: number; locale: 'en' | 'es'; lang: string; head: string; body: string; data: string; contentDrawn: boolean }
  >;
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
  br: Buffer;
  gzip: Buffer;
  expires: number;
  /** The public data version the page was drawn at: kept while it stands. */
  dataVersion: number;
  /** Every API call of the render answered: only such a page is kept or shared. */
  complete: boolean;
}

/** Addresses kept at most; the oldest goes first. */
const MAX_CACHED_PAGES = 1000;
/** Renders at a time: each holds the event loop while it draws, so the API's calls still answer. */
export const MAX_RENDERS_AT_ONCE = 4;
/** Renders waiting for a turn at most; more, and the page is sent to be drawn by the browser. */
export const MAX_RENDERS_WAITING = 32;
/**
 * Renders one client address may have running or waiting (issue 32: junk query parameters made
 * every request a miss, and one client's flood slowed everyone's answers). Beyond it the page is
 * index.html, drawn by the browser: people behind one shared address still get their pages.
 */
export const MAX_RENDERS_PER_CLIENT = 2;

/** The plain index.html is served instead: the browser draws the page (too busy to render). */
export class RenderSkipped extends Error {}

/**
 * Request headers the render's API calls carry on (the SDK sets its own Accept-Language); the
 * cookie makes them the visitor's own calls (their session, their cart).
 */
const FORWARDED = ['accept-language', 'content-type', 'accept', 'user-agent', 'cookie'];
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
export const GUEST_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=15';
/**
 * What a kept guest page varies on: its encoding, and the inputs of the language decision
 * (Accept-Language and the `locale` cookie) and of the page being personal (the cookies).
 */
const PAGE_VARY = 'accept-encoding, accept-language, cookie';

export interface PageRenderer {
  /** Serves the page drawn; throws `RenderSkipped` (or the render's error) to serve index.html. */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Pages kept now (tests and the bench). */
  cachedPages(): number;
}

/**
 * The language inputs of a page as the page itself reads them (apps/storefront/src/app/router.tsx,
 * rootLoader, and lib/locale.ts): the `locale` cookie (`readLocaleCookie`), and the locale the
 * browser's languages pick (`acceptedLanguages` then `detectBrowserLocale`); with the language the
 * API picks for a call that names none (`pickLanguage`). Every visitor with the same three gets
 * the same page, whatever the spelling of their headers (issue 32: the cache key read them
 * otherwise, and a Spanish visitor could be sent the English page).
 */
export function pageLanguageKey(cookieHeader: string | undefined, acceptLanguage: string | undefined): string {
  return `${localeCookieOf(cookieHeader) ?? '-'} ${browserLocaleOf(acceptLanguage)} ${pickLanguage(acceptLanguage)}`;
}

/** `readLocaleCookie` of the storefront: the first `locale` cookie whose value is a locale. */
function localeCookieOf(header: string | undefined): Locale | null {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The storefront's `detectBrowserLocale(acceptedLanguages(header))`. */
function browserLocaleOf(header: string | undefined): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = Number(rest.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((language) => language.tag && language.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
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

export async function createPageRenderer(
  app: FastifyInstance,
  options: { modulePath: string; templatePath: string; cacheMs: number; origin: string | undefined },
): Promise<PageRenderer> {
  const module = (await import(pathToFileURL(options.modulePath).href)) as RenderModule;
  const template = readFileSync(options.templatePath, 'utf8');
  const cache = new Map<string, CachedPage>();
  // No announcement covers a direct SQL change: no longer than a public answer is kept either.
  const keepMs = Math.min(options.cacheMs, PUBLIC_ANSWER_FRESH_MS);
  // The same address asked for by many at once is rendered once.
  const inFlight = new Map<string, Promise<CachedPage | { redirect: string; status: number }>>();
  let rendering = 0;
  const queue: Array<() => void> = [];

  const rendersByClient = new Map<string, number>();

  /** A render for `request`'s client, within its share, then in its turn. */
  async function renderFor<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    const client = request.ip;
    const held = rendersByClient.get(client) ?? 0;
    if (held >= MAX_RENDERS_PER_CLIENT) throw new RenderSkipped('too many renders for one client');
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

  /** The render's way to the API: answered here, as the visitor; each answer's status goes to `statuses`. */
  const fetchAs =
    (request: FastifyRequest, statuses: number[]): typeof fetch =>
    async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://render.local');
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      Object.assign(headers, renderCallHeaders());
      const method = (init?.method ?? 'GET').toUpperCase() as 'GET';
      const res = await app.inject({
        method,
        url: `${url.pathname}${url.search}`,
        headers,
        remoteAddress: request.ip,
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      statuses.push(res.statusCode);
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (typeof value === 'string') answerHeaders.set(name, value);
        else if (typeof value === 'number') answerHeaders.set(name, String(value));
      }
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
        status: res.statusCode,
        headers: answerHeaders,
      });
    };

  function remember(key: string | null, dataVersion: number, complete: boolean, status: number, html: string): CachedPage {
    const body = Buffer.from(html, 'utf8');
    const page: CachedPage = {
      status,
      etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      html: body,
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(body, { level: 6 }),
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

  function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, personal: boolean): FastifyReply {
    reply
      .header(
        'cache-control',
        personal ? PERSONAL_PAGE_CACHE_CONTROL : page.complete ? GUEST_PAGE_CACHE_CONTROL : INCOMPLETE_PAGE_CACHE_CONTROL,
      )
      .header('etag', page.etag)
      .header('vary', PAGE_VARY)
      .type('text/html; charset=utf-8');
    // Only a page that is there is "not modified" (a 404 answers 404, whatever the client holds).
    if (page.status === 200 && ifNoneMatchHits(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const accepts = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepts)) return reply.code(page.status).header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepts)) return reply.code(page.status).header('content-encoding', 'gzip').send(page.gzip);
    return reply.code(page.status).send(page.html);
  }

  /** Draws the page; kept under `key` unless null (a page drawn for a visitor). */
  async function draw(request: FastifyRequest, key: string | null): Promise<CachedPage | { redirect: string; status: number }> {
    const origin = options.origin ?? `${request.protocol}://${request.host}`;
    // Read before the render: a change announced while it draws leaves the page already stale.
    const dataVersion = app.publicAnswers.version();
    const headers = new Headers();
    for (const name of ['accept-language', 'cookie']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    // The origin and the path joined as text: a path such as `//elsewhere.example/x` stays a path.
    const statuses: number[] = [];
    const result = await module.render(new Request(`${origin}${request.url}`, { headers }), {
      fetch: fetchAs(request, statuses),
      origin,
    });
    if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
    const pathname = request.url.split('?')[0] ?? '/';
    const complete = statuses.every((status) => answered(status, result.status));
    return remember(key, dataVersion, complete, result.status, module.renderDocument(template, pathname, result));
  }

  return {
    cachedPages: () => cache.size,
    async serve(request, reply) {
      // Drawn for this visitor alone: never from the cache, into it, or shared with a twin request.
      if (carriesVisitorCookie(request)) {
        const drawn = await renderFor(request, () => draw(request, null));
        if ('redirect' in drawn) {
          await reply.header('cache-control', PERSONAL_PAGE_CACHE_CONTROL).redirect(drawn.redirect, drawn.status);
          return;
        }
        send(request, reply, drawn, true);
        return;
      }
      const key = `${request.url}\n${pageLanguageKey(request.headers.cookie, request.headers['accept-language'])}`;
      const kept = cache.get(key);
      if (kept && kept.expires > Date.now() && kept.dataVersion === app.publicAnswers.version()) {
        send(request, reply, kept, false);
        return;
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = renderFor(request, () => draw(request, key)).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const drawn = await pending;
      if ('redirect' in drawn) {
        await reply.header('cache-control', 'no-cache').redirect(drawn.redirect, drawn.status);
        return;
      }
      send(request, reply, drawn, false);
    },
  };
}
