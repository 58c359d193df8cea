// The storefront drawn on the server (issue 18): the same route table, store and providers as the
// browser (src/main.tsx), rendered per request by the API process that serves the shop
// (apps/api/src/plugins/external/storefront.ts). The browser then hydrates what is drawn here.
//
// Per request: the visitor's SDK (session mode, their cookies on every call: lib/sdk.ts) and a
// store of its own, handed to the route loaders and actions as their context; the page's
// language; the static handler (a form post's action first, then 404s, redirects, and the page's
// and the layout's queries, awaited: src/kernel/prefetch-query.ts); then ONE render from that store.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { WEB_SESSION_COOKIES, readGuestPlanCookie, setDisplayTimeZone } from '@otc/sdk';
import { buildRoutes } from './app/router';
import { Providers } from './app/providers';
import { createAppStore } from './app/store';
import type { AppStore } from './kernel/store';
import { customerApi } from './kernel/customer-api';
import { csrfTokenKnown, signedOut } from './kernel/session-slice';
import { guestPlanKnown } from './lib/guest-plan';
import { routeContextFor } from './kernel/route-context';
import { api } from './lib/api';
import { activateLoadedLocale, loadLocale } from './lib/i18n';
import { LOCALE_TAGS, localeOfPath, type Locale } from './lib/locale';
import { createShopSdk, getSdk } from './lib/sdk';
import { setSiteOrigin } from './lib/site-origin';
import { DEFAULT_TIME_ZONE, readTimeZoneCookie } from './lib/time-zone';
import type { ServerData } from './lib/server-data';

export { renderDocument } from './server/document';
export { carriesSecretLink, pageCacheAddress } from './lib/page-params';

const handler = createStaticHandler(buildRoutes());

export interface RenderOptions {
  /** Answers the storefront's API calls (the API answers them in its own process). */
  fetch: typeof fetch;
  /** The shop's public origin, for canonical addresses and structured data. */
  origin: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      locale: Locale;
      /** `<html lang>` value. */
      lang: string;
      /** Title, description, canonical and alternates, for <head>. */
      head: string;
      /** The app's markup, for `#root`. */
      body: string;
      /** JSON of `ServerData` (loader data, route errors, the store's answers), `<` escaped. */
      data: string;
      /**
       * Times the app was rendered for this request: 1, unless the render asked for data the
       * loaders had not brought (then 2). Tests (and the bench, through the page renderer) read it.
       */
      renders: number;
    };

/** Route errors as plain data: a 404's status and data survive the trip to the browser. */
/** An object with its keys in order, values as given: JSON of it does not depend on arrival order. */
function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The API cache as the page carries it: only what RTK Query takes when it rehydrates (finished
 * queries and the tags they provide, no mutations), in an order and with values that depend on
 * the data alone. A request id and the times a query started and finished differ on every render,
 * and queries finish in any order: with them, the same page for the same data was new bytes every
 * time (a new ETag, never a 304; issue 30). The times are a fixed moment, not none: RTK Query
 * asks again for an entry without a `fulfilledTimeStamp`; no query here refetches by age
 * (`refetchOnMountOrArgChange` is `true` where it is used, on member pages).
 */
function stableApiState(state: ReturnType<AppStore['getState']>['api']): ServerData['api'] {
  const queries = sortedKeys(
    Object.fromEntries(
      Object.entries(state.queries)
        .filter(([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected')
        .map(([key, entry]) => [key, { ...entry, requestId: 'server', startedTimeStamp: 1, fulfilledTimeStamp: 1 }]),
    ),
  );
  const tags = sortedKeys(
    Object.fromEntries(
      Object.entries(state.provided.tags).map(([type, byId]) => [
        type,
        sortedKeys(Object.fromEntries(Object.entries(byId ?? {}).map(([id, keys]) => [id, [...(keys ?? [])].sort()]))),
      ]),
    ),
  );
  const keys = sortedKeys(state.provided.keys as Record<string, unknown>);
  return { queries, mutations: {}, provided: { tags, keys } } as unknown as ServerData['api'];
}

function serializeErrors(errors: StaticHandlerContext['errors']): ServerData['errors'] {
  if (!errors) return null;
  const out: NonNullable<ServerData['errors']> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] = isRouteErrorResponse(error)
      ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data as unknown }
      : { kind: 'error', message: 'Something went wrong' };
  }
  return out;
}

// React 19 writes the hoisted head elements (title, meta, link) ahead of the markup.
const HEAD_ELEMENTS = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)+/;

function splitHead(html: string): { head: string; body: string } {
  const match = HEAD_ELEMENTS.exec(html);
  if (!match) return { head: '', body: html };
  return { head: match[0], body: html.slice(match[0].length) };
}

function draw(store: AppStore, context: StaticHandlerContext): string {
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers store={store} prefetch={() => {}}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}

/** Whether the request carries the cookie `name` (any value: the API judges it). */
function carriesCookie(request: Request, name: string): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/** The `_csrf` field of a form post (the token the page was drawn with); undefined otherwise. */
async function formCsrfToken(request: Request): Promise<string | undefined> {
  if (request.method !== 'POST') return undefined;
  try {
    const value = (await request.clone().formData()).get('_csrf');
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visitor as the API knows them, before any loader runs: signed in when their session cookie
 * still names a session (`me` answers; the answer stays in the store for the header), and the
 * CSRF token of their cookies for the forms drawn in the page.
 */
async function knowVisitor(store: AppStore, request: Request): Promise<void> {
  const session = carriesCookie(request, WEB_SESSION_COOKIES.session);
  const cart = carriesCookie(request, WEB_SESSION_COOKIES.cart);
  const sdk = store.dispatch(getSdk);
  const [me, csrf] = await Promise.all([
    session ? store.dispatch(customerApi.endpoints.getMe.initiate()) : null,
    session || cart ? sdk.client.call('csrfToken').catch(() => null) : null,
  ]);
  if (me && me.error) store.dispatch(signedOut());
  store.dispatch(csrfTokenKnown(csrf?.csrf_token ?? null));
}

/** Renders the page of `request` (a GET of a storefront address, or a form's POST to it). */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const sdk = createShopSdk({
    signedIn: carriesCookie(request, WEB_SESSION_COOKIES.session),
    csrfToken: await formCsrfToken(request),
    fetch: options.fetch,
    storage: 'request',
  });
  const store = createAppStore({ sdk });
  // The guest's chosen plan: the page is drawn with its marks (the browser reads the same cookie).
  store.dispatch(guestPlanKnown(readGuestPlanCookie(request.headers.get('cookie'))));
  await knowVisitor(store, request);
  const context = await handler.query(request, { requestContext: routeContextFor(store) });
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) {
      return { kind: 'redirect', status: context.status, location };
    }
    throw new Error(`The storefront's loaders answered ${context.status} without a page`);
  }
  const { pathname } = new URL(request.url);
  const locale = localeOfPath(pathname);
  await loadLocale(locale);
  // What an action or a sign-in changed: the token the SDK holds now is the cookie's.
  const known = sdk.client.csrfToken();
  if (known) store.dispatch(csrfTokenKnown(known));
  // A visitor's own page (their session or cart) in their browser's zone; a page drawn for no one
  // is kept by the page cache for everyone, in the shop's.
  const ownPage = carriesCookie(request, WEB_SESSION_COOKIES.session) || carriesCookie(request, WEB_SESSION_COOKIES.cart);
  const visitorZone = ownPage ? readTimeZoneCookie(request.headers.get('cookie')) : null;
  const timeZone = visitorZone ?? DEFAULT_TIME_ZONE;
  // The shop's zone is a guess for this visitor: times drawn in it say which zone it is.
  const timeZoneNamed = visitorZone === null;
  const drawNow = () => {
    // Lingui, the origin and the time zone are process-wide; a render is synchronous, so set just
    // before it.
    activateLoadedLocale(locale);
    setSiteOrigin(options.origin);
    setDisplayTimeZone(timeZone, { named: timeZoneNamed });
    return draw(store, context);
  };
  let html = drawNow();
  let renders = 1;
  // Queries the render asked for: one no loader awaited (a loader to fix), or one that failed in
  // a loader (RTK Query asks again for a new subscriber). Drawn now, the page would go out with
  // skeletons and the browser would ask again: it is drawn once more with their answers.
  const askedByRender = store.dispatch(api.util.getRunningQueriesThunk());
  if (askedByRender.length > 0) {
    await Promise.allSettled(askedByRender);
    html = drawNow();
    renders += 1;
  }
  const { head, body } = splitHead(html);
  const session = store.getState().session;
  const data: ServerData = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
    api: stableApiState(store.getState().api),
    origin: options.origin,
    visitor: { signedIn: session.signedIn, csrfToken: session.csrfToken },
    timeZone,
    timeZoneNamed,
  };
  return {
    kind: 'page',
    status: context.statusCode,
    locale,
    lang: LOCALE_TAGS[locale],
    head,
    body,
    data: JSON.stringify(data).replace(/</g, '\\u003c'),
    renders,
  };
}
