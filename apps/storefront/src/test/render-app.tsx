import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from '../app/router';
import { Providers } from '../app/providers';
import { createAppStore } from '../app/store';
import { routeContextFor } from '../kernel/route-context';
import { createShopSdk } from '../lib/sdk';
import { testVisitor } from './visitor';
import { activateLocale } from '../lib/i18n';
import { localeOfPath } from '../lib/locale';

beforeEach(() => {
  testVisitor.signedIn = false;
});

/**
 * The next app rendered is for a signed-in member, as the server's page would say (the session is
 * the API's HttpOnly cookie: the fake API answers the member whatever a request carries).
 */
export function signIn(): void {
  testVisitor.signedIn = true;
}

/** The visitor's SDK and store, as main.tsx makes them from the server's page. */
export function createVisitorStore() {
  return createAppStore({ sdk: createShopSdk({ signedIn: testVisitor.signedIn, csrfToken: 'csrf-test', storage: 'browser' }) });
}

/** Marks the language as already chosen, so no first-visit detection happens. */
export function setLocaleCookie(locale: 'en' | 'es'): void {
  document.cookie = `locale=${locale}; path=/`;
}

/** The whole app (both locale trees) in a memory router at `path`, as main.tsx starts it. */
export async function renderApp(path: string) {
  await activateLocale(localeOfPath(path));
  const store = createVisitorStore();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path], getContext: () => routeContextFor(store) });
  const prefetch = vi.fn();
  const view = render(
    <Providers store={store} prefetch={prefetch}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, store, prefetch };
}

export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

export { screen };

type TestRouter = ReturnType<typeof createMemoryRouter>;

/**
 * Waits until the router rests at `url` (path + query) and React shows the layout (not the
 * loading fallback), whatever the page itself renders.
 */
export async function waitForUrl(router: TestRouter, url: string): Promise<void> {
  await waitFor(() => {
    expect(router.state.navigation.state).toBe('idle');
    expect(currentUrl(router)).toBe(url);
    expect(document.getElementById('main')).not.toBeNull();
  });
}

/**
 * What the forms' live regions (`LiveMessage`) hold, in page order: what a screen reader was told
 * where the focus already was. Each region must be in the page before its text (checked by the
 * callers holding the region from before the submit).
 */
export function liveMessages(scope: ParentNode = document): HTMLElement[] {
  return Array.from(scope.querySelectorAll<HTMLElement>('[data-live-message]'));
}
