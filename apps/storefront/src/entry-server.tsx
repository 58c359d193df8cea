// The storefront drawn on the server (issue 18): the same route table, store and providers as the
// browser (src/main.tsx), rendered per request by the API process that serves the shop
// (apps/api/src/plugins/external/storefront.ts). The browser then hydrates what is drawn here.
//
// Per request: a store of its own (found by the route loaders through an async context), the
// page's language, the loaders of the static handler (404s, redirects, and the page's and the
// layout's queries, awaited: src/app/prefetch-query.ts), then ONE render from that store.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { buildRoutes, serverDrawsContent } from './app/router';
import { Providers } from './app/providers';
import { createAppStore, setActiveStoreSource, type AppStore } from './app/store';
import { api } from './lib/api';
import { activateLoadedLocale, loadLocale } from './lib/i18n';
import { LOCALE_TAGS, localeOfPath, type Locale } from './lib/locale';
import { setServerFetch } from './lib/sdk';
import { setSiteOrigin } from './lib/site-origin';
import type { ServerData } from './lib/server-data';

export { renderDocument } from './server/document';

/** What belongs to the request being rendered: its store and its way to the API. */
interface RequestScope {
  store: AppStore;
  fetch: typeof fetch;
}

// Requests render side by side in one process: each one's scope follows its own async calls.
const requestScope = new AsyncLocalStorage<RequestScope>();
setActiveStoreSource(() => requestScope.getStore()?.store);
setServerFetch((input, init) => {
  const scope = requestScope.getStore();
  if (!scope) return Promise.reject(new Error('An API call outside of a server render'));
  return scope.fetch(input, init);
});

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
      /** The page's content is drawn (hydrated in the browser), not only its frame. */
      contentDrawn: boolean;
      /**
       * Times the app was rendered for this request: 1, unless the render asked for data the
       * loaders had not brought (then 2). Tests (and the bench, through the page renderer) read it.
       */
      renders: number;
    };

/** Route errors as plain data: a 404's status and data survive the trip to the browser. */
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

/** Renders the page of `request` (a GET of a storefront address). */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const store = createAppStore();
  return requestScope.run({ store, fetch: options.fetch }, async () => {
    const context = await handler.query(request);
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
    const drawNow = () => {
      // Lingui and the origin are process-wide; a render is synchronous, so set just before it.
      activateLoadedLocale(locale);
      setSiteOrigin(options.origin);
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
    const data: ServerData = {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
      api: store.getState().api,
      origin: options.origin,
    };
    return {
      kind: 'page',
      status: context.statusCode,
      locale,
      lang: LOCALE_TAGS[locale],
      head,
      body,
      data: JSON.stringify(data).replace(/</g, '\\u003c'),
      contentDrawn: serverDrawsContent(pathname),
      renders,
    };
  });
}
