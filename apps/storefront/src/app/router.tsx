import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadLocale } from '../lib/i18n';
import { LOCALES, LOCALE_PREFIX, detectBrowserLocale, readLocaleCookie, switchLocaleHref, writeLocaleCookie, type Locale } from '../lib/locale';
import { onServer } from '../lib/on-server';
import { client } from '../lib/sdk';
import { STOREFRONT_PAGES, matchStorefrontPath, type StorefrontPage } from '@otc/sdk';
import { withChunkReload } from '../lib/chunk-reload';
import { createPrefetchQueue, whenPageSettled } from '../lib/prefetch';
import { pageRoutes, type PageRoute } from './routes';
import { assertDigitsId, captureLinkParams, notFound, redirectSignedIn, requireSession } from './guards';
import { LocaleRoot } from './locale-root';
import { ErrorPage } from './error-page';
import { PageTitle } from './page-title';
import { PageFrame, RouteFallback } from './route-fallback';
import { AppLayout } from './app-layout';
import type { RouteHandle } from './route-handle';
import { getActiveStore } from './store';
import { awaitOnServer, prefetchLayoutQueries } from './prefetch-query';

/** Languages of an Accept-Language header, most wanted first (`es-US,es;q=0.9` → es-US, es). */
function acceptedLanguages(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = Number(rest.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((language) => language.tag && language.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((language) => language.tag);
}

/**
 * What the root loader does in the browser besides routing: the link params of the address and
 * the language cookie. Also run when a page drawn by the server is hydrated (no loader runs then).
 */
export function arriveInBrowser(url: URL, locale: Locale): void {
  captureLinkParams(url);
  if (readLocaleCookie() !== locale) writeLocaleCookie(locale);
}

/** Runs first on entry to a locale: link params, first-visit language detection, catalog. */
function rootLoader(locale: Locale) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // The routes match without regard to case: `/ES/catalog` is the Spanish tree, but every
    // address rule reads the lower-case prefix. One address per page: sent to `/es/catalog`.
    const prefix = LOCALE_PREFIX[locale];
    if (prefix && !url.pathname.startsWith(prefix)) {
      throw redirect(`${prefix}${url.pathname.slice(prefix.length)}${url.search}${url.hash}`);
    }
    // The server reads the same cookie and languages from the request's headers.
    const cookie = onServer ? readLocaleCookie(request.headers.get('cookie') ?? '') : readLocaleCookie();
    // The bare address (`/`, no language in it): the cookie (the language of the last page shown,
    // 365 days) decides, then the browser's language. Any other address decides by itself; on a
    // first visit (no cookie) a Spanish browser is sent to its /es variant, once.
    const bare = locale === 'en' && url.pathname === '/';
    if (locale === 'en' && (bare || !cookie)) {
      const languages = onServer
        ? acceptedLanguages(request.headers.get('accept-language'))
        : typeof navigator === 'undefined' ? [] : navigator.languages;
      const wanted = cookie ?? detectBrowserLocale(languages);
      if (wanted === 'es') {
        if (!onServer) writeLocaleCookie('es');
        throw redirect(switchLocaleHref(url, 'es'));
      }
    }
    if (!onServer) arriveInBrowser(url, locale);
    await loadLocale(locale);
    return null;
  };
}

/**
 * The layout's data (header, footer, notices), awaited on the server beside the page's loader, so
 * the page is drawn once. The browser asks for it with its store (main.tsx) and its first render.
 */
function layoutLoader(locale: Locale) {
  return () => {
    const store = getActiveStore();
    if (!onServer || !store) return null;
    return awaitOnServer(prefetchLayoutQueries(store, locale));
  };
}

/**
 * Whether a page drawn by the server is drawn again in the browser rather than hydrated: a page
 * whose content only the browser has (login-required pages, the cart: the server drew their
 * frame), and a sign-in page when this browser holds a session (its rule leads elsewhere). Their
 * loaders run here, as before the server drew pages; the frame stays until the first render.
 */
export function mustStartInBrowser(pathname: string): boolean {
  const page = pageOfPath(pathname);
  if (!page) return false;
  return drawnInBrowser(page) || (page.guestOnly === true && client.isSignedIn());
}

/**
 * Whether the server draws the content of the page at `pathname` (the browser hydrates it), not
 * only its frame. An address of no page draws the 404 page, content too.
 */
export function serverDrawsContent(pathname: string): boolean {
  const page = pageOfPath(pathname);
  return !page || !drawnInBrowser(page);
}

/** The page of an address, by the SDK's page table (the one the API answers 404s from). */
function pageOfPath(pathname: string): PageRoute | undefined {
  const name = matchStorefrontPath(pathname)?.page.name;
  return pageRoutes.find((page) => page.name === name);
}

/**
 * Pages whose content is the customer's or this browser's (login-required pages, the cart kept in
 * storage): the server draws their frame and heading, the browser their content.
 */
function drawnInBrowser(page: PageRoute): boolean {
  return page.auth === true || page.browserData === true;
}

function pageRoute(page: PageRoute, locale: Locale): RouteObject {
  const load = withChunkReload(page.load);
  const handle: RouteHandle = { name: page.name, title: page.title, colourMode: page.colourMode };
  const loader = async (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    if (page.digitsId) assertDigitsId(args.params.id, url.pathname);
    // The server holds no session: these rules run in the browser (mustStartInBrowser).
    if (page.auth && !onServer) requireSession(url, locale);
    if (page.guestOnly && !onServer) redirectSignedIn(url, locale);
    const module = await load();
    return module.loader ? module.loader(args) : null;
  };
  const lazy = async () => {
    const module = await load();
    const Page = module.Component;
    if (!Page) return { Component: null };
    const ownsTitle = module.ownsTitle === true;
    const browserOnly = drawnInBrowser(page);
    // What the sitemap lists is indexed (public pages, and items per id); sign-in, account, cart
    // and checkout pages are not.
    const indexable =
      (page.digitsId === true && page.auth !== true) ||
      (STOREFRONT_PAGES as readonly StorefrontPage[]).some((row) => row.name === page.name && row.indexable === true);
    function RoutePage() {
      return (
        <>
          {indexable ? null : <meta name="robots" content="noindex" />}
          {ownsTitle ? null : <PageTitle title={page.title} />}
          {Page ? <Page /> : null}
        </>
      );
    }
    // The server draws such a page as its frame; the browser draws it anew (mustStartInBrowser).
    function PageFrameOnServer() {
      return <PageFrame title={page.title} noindex={!indexable} />;
    }
    return { Component: browserOnly && onServer ? PageFrameOnServer : RoutePage };
  };
  const base = { id: `${locale}:${page.name}`, handle, loader, lazy };
  return page.path === '' ? { ...base, index: true } : { ...base, path: page.path };
}

/** The page table mounted once per locale: `/` for English, `/es` for Spanish. */
export function buildRoutes(): RouteObject[] {
  return LOCALES.map((locale) => ({
    id: `root-${locale}`,
    path: LOCALE_PREFIX[locale] || '/',
    loader: rootLoader(locale),
    element: <LocaleRoot locale={locale} />,
    errorElement: <ErrorPage bare />,
    HydrateFallback: RouteFallback,
    children: [
      {
        id: `${locale}:layout`,
        loader: layoutLoader(locale),
        element: <AppLayout />,
        children: [
          {
            id: `${locale}:pages`,
            errorElement: <ErrorPage />,
            children: [
              ...pageRoutes.map((page) => pageRoute(page, locale)),
              {
                id: `${locale}:not-found`,
                path: '*',
                // Its loader always throws: the 404 is drawn by the error boundary above.
                element: null,
                loader: ({ request }: LoaderFunctionArgs) => notFound(new URL(request.url).pathname),
                handle: { name: 'not-found' } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
    ],
  }));
}

/** Warms the route modules of a path, at most ROUTE_PREFETCH_LIMIT at a time. */
export function createRoutePrefetcher(routes: RouteObject[]) {
  const queue = createPrefetchQueue();
  // Matching ranks the whole route table: once per address (a page links to one several times).
  const matchedRoutes = new Map<string, RouteObject[]>();
  return (path: string) => {
    let routesOfPath = matchedRoutes.get(path);
    if (!routesOfPath) {
      routesOfPath = (matchRoutes(routes, path) ?? []).map((match) => match.route);
      matchedRoutes.set(path, routesOfPath);
    }
    for (const route of routesOfPath) {
      const lazy = route.lazy;
      // The next page's module waits for this page's own data and drawing.
      if (typeof lazy === 'function' && route.id) queue.enqueue(route.id, () => whenPageSettled().then(() => lazy()));
    }
  };
}
