import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { setDisplayTimeZone } from '@otc/sdk';
import './index.css';
import { arriveInBrowser, buildRoutes, createRoutePrefetcher } from './app/router';
import { Providers } from './app/providers';
import { connectStore, createAppStore } from './app/store';
import type { AppStore } from './kernel/store';
import { prefetchSessionQueries } from './kernel/prefetch-query';
import { routeContextFor } from './kernel/route-context';
import { colourModeChanged } from './kernel/ui-slice';
import { readColourMode } from './lib/colour-mode';
import { createShopSdk, type ShopSdk } from './lib/sdk';
import { api, HYDRATE_API } from './lib/api';
import { setPageSettledGate, whenIdle } from './lib/prefetch';
import { activateLocale } from './lib/i18n';
import { localeOfPath } from './lib/locale';
import { installPreloadErrorHandler } from './lib/chunk-reload';
import { apiAnswersReceivedAt, hydrationState, readServerData } from './lib/server-data';
import { setSiteOrigin } from './lib/site-origin';
import { browserTimeZone } from './lib/time-zone';

installPreloadErrorHandler();

// The page arrives drawn by the server (src/entry-server.tsx) for this visitor, with its data and
// what the API knew of them (signed in, their cookies' CSRF token): it is hydrated as drawn.
const serverData = readServerData();
const here = new URL(window.location.href);
const hydrating = serverData !== null;

const locale = localeOfPath(here.pathname);

/** A new task: what runs after this lets the browser answer input and paint in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const idle = (): Promise<void> => new Promise((resolve) => whenIdle(resolve));

/**
 * Resolves once this page is drawn with its data: the router has its first page (a page drawn
 * in the browser loads its module and loaders first), the queries that page started have
 * answered, and the browser is idle again. The modules of the pages its links lead to are
 * fetched after that, never sharing the connection with this page's own work.
 */
async function pageSettled(store: AppStore, router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  const landed = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (!landed()) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe(() => {
        if (!landed()) return;
        stop();
        resolve();
      });
    });
  }
  await idle();
  await Promise.allSettled(store.dispatch(api.util.getRunningQueriesThunk()));
  await idle();
}

/** The page modules of this address, loaded before hydration so the first render is the server's. */
async function loadMatchedModules(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, here) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * The visitor's SDK. A page the server drew says whether they are signed in; index.html alone
 * (the server too busy to draw) does not: the session cookie is asked (`me`) before the first
 * render, so a member's pages are not drawn as a guest's.
 */
async function visitorSdk(): Promise<ShopSdk> {
  if (serverData) {
    return createShopSdk({ signedIn: serverData.visitor.signedIn, csrfToken: serverData.visitor.csrfToken, storage: 'browser' });
  }
  const sdk = createShopSdk({ signedIn: true, storage: 'browser' });
  // A 401 ends the in-memory session (nobody listens yet: no notice); a failure to reach the API
  // leaves it on, and the first call that gets a 401 ends it then.
  await sdk.client.call('me').catch(() => {});
  return sdk;
}

/**
 * The colour preference is this browser's alone (the server drew `system`): read once hydrated.
 * So is its time zone: pages drawn from now on show times in it (the server drew in the zone of
 * the visitor's cookie, or the shop's for a page drawn for no one).
 */
function ColourPreference({ store: appStore }: { store: AppStore }) {
  useEffect(() => {
    appStore.dispatch(colourModeChanged(readColourMode()));
    setDisplayTimeZone(browserTimeZone());
  }, [appStore]);
  return null;
}

/**
 * Starts the app. Not awaited at the top of this module: the page modules import this entry
 * chunk's shared modules, so loading them while this module still evaluated would wait forever.
 */
async function start(): Promise<void> {
  // Evaluating the app's modules was one task; the store and the routes are the next (each long
  // task on a modest phone is a moment the page does not answer a tap).
  await nextTask();
  const sdk = await visitorSdk();
  const store = createAppStore({ sdk, colourMode: hydrating ? 'system' : readColourMode() });
  connectStore(store);
  // Rows this browser kept before the cart moved to the server (docs/web-session.md) go into the
  // server cart once: the facade's read merges them and clears storage; then the cart is read again.
  if (sdk.storedGuestCart.rows().length > 0) {
    void sdk.cart.read({ locale }).then(() => store.dispatch(api.util.invalidateTags(['Cart'])), () => {});
  }
  // Times drawn as the server drew them, then in this browser's zone once the page is live.
  setDisplayTimeZone(serverData?.timeZone ?? browserTimeZone(), { named: serverData?.timeZoneNamed });
  if (serverData) {
    store.dispatch({ type: HYDRATE_API, payload: { api: apiAnswersReceivedAt(serverData.api, Date.now()) } });
    setSiteOrigin(serverData.origin);
  } else {
    // Hydration draws what the server drew first; a page drawn here needs these at once. Their
    // requests are on their way once this task ends; the routes are the next task.
    prefetchSessionQueries(store);
    await nextTask();
  }
  const routes = buildRoutes();
  // A page drawn here starts its module and loaders (its queries) now, beside the catalog.
  const getContext = () => routeContextFor(store);
  const routerFirst = hydrating ? null : createBrowserRouter(routes, { getContext });
  // The first paint needs the page's catalog (and, to hydrate, the page's module); the root
  // loader keeps the catalog in step afterwards.
  await Promise.all([activateLocale(locale), hydrating ? loadMatchedModules(routes) : null]);
  const router = routerFirst ?? createBrowserRouter(routes, { getContext, ...(serverData ? { hydrationData: hydrationState(serverData) } : {}) });
  let firstPageSettled: Promise<void> | null = null;
  setPageSettledGate(() => (firstPageSettled ??= pageSettled(store, router)));
  const prefetch = createRoutePrefetcher(routes);
  if (hydrating) arriveInBrowser(store, here, locale);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <Providers store={store} prefetch={prefetch}>
        <RouterProvider router={router} />
        <ColourPreference store={store} />
      </Providers>
    </StrictMode>
  );
  if (serverData) {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (the page is already drawn: nothing waits for it).
    startTransition(() => {
      hydrateRoot(container, app, {
        // A page that does not match what the server drew is drawn again here; say so (tests fail on it).
        onRecoverableError(error, info) {
          console.error('Hydration did not match the server page:', error, info.componentStack ?? '');
        },
      });
    });
  } else {
    // index.html alone (the server was too busy to draw the page): drawn here.
    createRoot(container).render(app);
  }
}

void start();

// Session recording (spec 9): only a production build with a public site id; the module (and
// then the recorder's loader) is fetched once the page has loaded and is idle, never before.
if (import.meta.env.PROD && import.meta.env.VITE_SESSION_RECORDING_SITE_ID) {
  const startWhenIdle = (): void => {
    const start = () => void import('./lib/session-recording').then((m) => m.startSessionRecording(), () => {});
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5000 });
    else setTimeout(start, 1);
  };
  if (document.readyState === 'complete') startWhenIdle();
  else addEventListener('load', startWhenIdle, { once: true });
}
