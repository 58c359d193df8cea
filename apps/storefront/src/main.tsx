import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import './index.css';
import { arriveInBrowser, buildRoutes, createRoutePrefetcher, mustStartInBrowser } from './app/router';
import { Providers } from './app/providers';
import { connectStore, createAppStore, followBrowserState, type AppStore } from './app/store';
import { prefetchSessionQueries } from './app/prefetch-query';
import { api, HYDRATE_API } from './lib/api';
import { setPageSettledGate, whenIdle } from './lib/prefetch';
import { activateLocale } from './lib/i18n';
import { localeOfPath } from './lib/locale';
import { installPreloadErrorHandler } from './lib/chunk-reload';
import { hydrationState, readServerData } from './lib/server-data';
import { setSiteOrigin } from './lib/site-origin';

installPreloadErrorHandler();

// The page arrives drawn by the server (src/entry-server.tsx) with its data; it is hydrated unless
// a rule of the session (held only here) leads elsewhere, then it is drawn again here.
const serverData = readServerData();
const here = new URL(window.location.href);
const hydrating = serverData !== null && !mustStartInBrowser(here.pathname);

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

/** Dispatched on `document` once the app is drawn or hydrated (public/start-app.js listens). */
const APP_READY_EVENT = 'app-ready';

/** Right after hydration: what only this browser knows (session, colour mode, guest cart). */
function FollowBrowserState({ store: appStore }: { store: AppStore }) {
  useLayoutEffect(() => {
    if (hydrating) followBrowserState(appStore);
    // The session's header is drawn now (or the session was not valid): "Sign in" may show.
    document.documentElement.classList.remove('has-session');
  }, [appStore]);
  // The app answers presses now: public/start-app.js does again those it held until this moment.
  useEffect(() => {
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
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
  const store = createAppStore({ asServerDrew: hydrating });
  connectStore(store);
  if (serverData && hydrating) {
    store.dispatch({ type: HYDRATE_API, payload: { api: serverData.api } });
    setSiteOrigin(serverData.origin);
  } else {
    // Hydration draws what the server drew first; a page drawn here needs these at once. Their
    // requests are on their way once this task ends; the routes are the next task.
    prefetchSessionQueries(store);
    await nextTask();
  }
  const routes = buildRoutes();
  // A page drawn here starts its module and loaders (its queries) now, beside the catalog.
  const routerFirst = hydrating ? null : createBrowserRouter(routes);
  // The first paint needs the page's catalog (and, to hydrate, the page's module); the root
  // loader keeps the catalog in step afterwards.
  await Promise.all([activateLocale(locale), hydrating ? loadMatchedModules(routes) : null]);
  const router = routerFirst ?? createBrowserRouter(routes, serverData ? { hydrationData: hydrationState(serverData) } : {});
  let firstPageSettled: Promise<void> | null = null;
  setPageSettledGate(() => (firstPageSettled ??= pageSettled(store, router)));
  const prefetch = createRoutePrefetcher(routes);
  if (hydrating) arriveInBrowser(here, locale);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <Providers store={store} prefetch={prefetch}>
        <RouterProvider router={router} />
        <FollowBrowserState store={store} />
      </Providers>
    </StrictMode>
  );
  if (hydrating) {
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
    // React replaces what the server drew (the page's frame) when it first commits; the head
    // elements it draws itself (title, description, robots, canonical, alternates) go now, or
    // the page would have two of each.
    if (serverData) {
      document.head
        .querySelectorAll('title, meta[name="description"], meta[name="robots"], link[rel="canonical"], link[rel="alternate"]')
        .forEach((element) => element.remove());
    }
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
