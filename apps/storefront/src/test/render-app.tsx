import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from '../app/router';
import { Providers } from '../app/providers';
import { createAppStore } from '../app/store';
import { forgetLocalNames } from '../app/draft-api';
import { activateLocale } from '../lib/i18n';
import { localeOfPath } from '../lib/locale';

/** Session tokens as the SDK stores them (an unexpired token: exp far in the future). */
export function signIn(): void {
  const payload = btoa(JSON.stringify({ exp: 4_102_444_800, username: 'ana@example.com' }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  localStorage.setItem(
    'session-tokens',
    JSON.stringify({ token: `eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`, refresh_token: 'refresh-1' }),
  );
}

/** Marks the language as already chosen, so no first-visit detection happens. */
export function setLocaleCookie(locale: 'en' | 'es'): void {
  document.cookie = `locale=${locale}; path=/`;
}

/** The whole app (both locale trees) in a memory router at `path`, as main.tsx starts it. */
export async function renderApp(path: string) {
  await activateLocale(localeOfPath(path));
  forgetLocalNames();
  const store = createAppStore();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
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
