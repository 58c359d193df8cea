import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { loadLocale } from '../lib/i18n';
import { LOCALES, LOCALE_PREFIX, detectBrowserLocale, readLocaleCookie, switchLocaleHref, writeLocaleCookie, type Locale } from '../lib/locale';
import { withChunkReload } from '../lib/chunk-reload';
import { createPrefetchQueue } from '../lib/prefetch';
import { pageRoutes, type PageRoute } from './routes';
import { assertDigitsId, captureLinkParams, notFound, redirectSignedIn, requireSession } from './guards';
import { LocaleRoot } from './locale-root';
import { ErrorPage } from './error-page';
import { PageTitle } from './page-title';
import { RouteFallback } from './route-fallback';
import { AppLayout } from './app-layout';
import type { RouteHandle } from './route-handle';

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
    captureLinkParams(url);
    const cookie = readLocaleCookie();
    // The bare address (`/`, no language in it): the cookie (the language of the last page shown,
    // 365 days) decides, then the browser's language. Any other address decides by itself; on a
    // first visit (no cookie) a Spanish browser is sent to its /es variant, once.
    const bare = locale === 'en' && url.pathname === '/';
    if (locale === 'en' && (bare || !cookie)) {
      const wanted = cookie ?? detectBrowserLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
      if (wanted === 'es') {
        writeLocaleCookie('es');
        throw redirect(switchLocaleHref(url, 'es'));
      }
    }
    if (cookie !== locale) writeLocaleCookie(locale);
    await loadLocale(locale);
    return null;
  };
}

function pageRoute(page: PageRoute, locale: Locale): RouteObject {
  const load = withChunkReload(page.load);
  const handle: RouteHandle = { name: page.name, title: page.title, colourMode: page.colourMode };
  const loader = async (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    if (page.digitsId) assertDigitsId(args.params.id, url.pathname);
    if (page.auth) requireSession(url, locale);
    if (page.guestOnly) redirectSignedIn(url, locale);
    const module = await load();
    return module.loader ? module.loader(args) : null;
  };
  const lazy = async () => {
    const module = await load();
    const Page = module.Component;
    if (!Page) return { Component: null };
    const ownsTitle = module.ownsTitle === true;
    function RoutePage() {
      return (
        <>
          {ownsTitle ? null : <PageTitle title={page.title} />}
          {Page ? <Page /> : null}
        </>
      );
    }
    return { Component: RoutePage };
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
  return (path: string) => {
    const matches = matchRoutes(routes, path) ?? [];
    for (const { route } of matches) {
      const lazy = route.lazy;
      if (typeof lazy === 'function' && route.id) queue.enqueue(route.id, () => lazy());
    }
  };
}
