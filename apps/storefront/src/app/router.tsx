import { matchRoutes, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadLocale } from '../lib/i18n';
import { LOCALES, LOCALE_PREFIX, detectBrowserLocale, readLocaleCookie, switchLocaleHref, writeLocaleCookie, type Locale } from '../lib/locale';
import { onServer } from '../lib/on-server';
import { getSdk } from '../lib/sdk';
import { STOREFRONT_PAGES, acceptedLanguages, type StorefrontPage } from '@otc/sdk';
import { withChunkReload } from '../lib/chunk-reload';
import { createPrefetchQueue, whenPageSettled } from '../lib/prefetch';
import { pageRoutes, type PageRoute } from './routes';
import { assertDigitsId, captureLinkParams, notFound, redirectSignedIn, requireSession } from '../kernel/guards';
import { LocaleRoot } from './locale-root';
import { ErrorPage } from './error-page';
import { PageTitle } from '../kernel/page-title';
import { RouteFallback } from './route-fallback';
import { AppLayout } from './app-layout';
import type { RouteHandle } from '../kernel/route-handle';
import type { AppStore } from '../kernel/store';
import { awaitOnServer, prefetchLayoutQueries } from '../kernel/prefetch-query';
import { storeOf } from '../kernel/route-context';

/**
 * What the root loader does in the browser besides routing: the link params of the address and
 * the language cookie. Also run when a page drawn by the server is hydrated (no loader runs then).
 */
export function arriveInBrowser(store: AppStore, url: URL, locale: Locale): void {
  captureLinkParams(url, store.dispatch(getSdk));
  if (readLocaleCookie() !== locale) writeLocaleCookie(locale);
}

/** Runs first on entry to a locale: link params, first-visit language detection, catalog. */
function rootLoader(locale: Locale) {
  return async (args: LoaderFunctionArgs) => {
    const { request } = args;
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
    // Followed from one of the shop's own pages (the language switch, before or without the
    // scripts, which write the cookie): the address is the visitor's choice. The shop sends no
    // Referer (no-referrer); the browser's Sec-Fetch-Site says where the navigation came from.
    const fromThisSite = onServer && request.headers.get('sec-fetch-site') === 'same-origin';
    if (locale === 'en' && (bare || !cookie) && !fromThisSite) {
      const languages = onServer
        ? acceptedLanguages(request.headers.get('accept-language'))
        : typeof navigator === 'undefined' ? [] : navigator.languages;
      const wanted = cookie ?? detectBrowserLocale(languages);
      if (wanted === 'es') {
        if (!onServer) writeLocaleCookie('es');
        throw redirect(switchLocaleHref(url, 'es'));
      }
    }
    if (!onServer) arriveInBrowser(storeOf(args), url, locale);
    await loadLocale(locale);
    return null;
  };
}

/**
 * The layout's data (header, footer, notices), awaited on the server beside the page's loader, so
 * the page is drawn once. In the browser the queries are already held by the store (main.tsx).
 */
function layoutLoader(locale: Locale) {
  return (args: LoaderFunctionArgs) => {
    if (!onServer) return null;
    return awaitOnServer(prefetchLayoutQueries(storeOf(args), locale));
  };
}

function pageRoute(page: PageRoute, locale: Locale): RouteObject {
  const load = withChunkReload(page.load);
  const handle: RouteHandle = { name: page.name, title: page.title, colourMode: page.colourMode };
  /** The page's rules, before its loader and its action: the session is known on both sides. */
  const guard = (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    if (page.digitsId) assertDigitsId(args.params.id, url.pathname);
    const store = storeOf(args);
    if (page.auth) requireSession(store, url, locale);
    if (page.guestOnly) redirectSignedIn(store, url, locale);
  };
  const loader = async (args: LoaderFunctionArgs) => {
    guard(args);
    const module = await load();
    return module.loader ? module.loader(args) : null;
  };
  const lazy = async () => {
    const module = await load();
    const Page = module.Component;
    if (!Page) return { Component: null };
    const ownsTitle = module.ownsTitle === true;
    const pageAction = module.action;
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
    // A page's forms post to its action: on the server without scripts, in the browser with them.
    const action = pageAction
      ? (args: ActionFunctionArgs) => {
          guard(args);
          return pageAction(args);
        }
      : undefined;
    return action ? { Component: RoutePage, action } : { Component: RoutePage };
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
