import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './index.css';
import { buildRoutes, createRoutePrefetcher } from './app/router';
import { Providers } from './app/providers';
import { connectStore, createAppStore } from './app/store';
import { activateLocale } from './lib/i18n';
import { localeOfPath } from './lib/locale';
import { installPreloadErrorHandler } from './lib/chunk-reload';

installPreloadErrorHandler();

const store = createAppStore();
connectStore(store);
const routes = buildRoutes();
const router = createBrowserRouter(routes);
const prefetch = createRoutePrefetcher(routes);

// The first paint needs the page's catalog; the root loader keeps it in step afterwards.
await activateLocale(localeOfPath(window.location.pathname));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Providers store={store} prefetch={prefetch}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

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
