import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import userEvent from '@testing-library/user-event';
import { renderApp, screen, setLocaleCookie, waitForUrl } from '../test/render-app';
import { COLOUR_MODE_KEY, resolveColourMode } from './colour-mode';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query.includes('dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/**
 * Runs the colour-mode script as the browser does: index.html loads it as a classic, blocking
 * script in <head> (a file, so the CSP keeps script-src 'self').
 */
function runFirstPaintScript() {
  const html = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  if (!/<script src="\/colour-mode\.js"><\/script>/.test(head)) {
    throw new Error('index.html does not load /colour-mode.js in <head>');
  }
  new Function(readFileSync(resolve(__dirname, '../../public/colour-mode.js'), 'utf8'))();
}

afterEach(() => vi.unstubAllGlobals());

describe('colour mode before first paint (index.html)', () => {
  it('dark preference adds .dark', () => {
    mockSystemDark(false);
    localStorage.setItem(COLOUR_MODE_KEY, 'dark');
    runFirstPaintScript();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('light preference wins over a dark system', () => {
    mockSystemDark(true);
    localStorage.setItem(COLOUR_MODE_KEY, 'light');
    runFirstPaintScript();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('no preference follows the system', () => {
    mockSystemDark(true);
    runFirstPaintScript();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('turns zod jitless before the SDK builds its schemas (no eval probe under the CSP)', () => {
    mockSystemDark(false);
    const saved = Reflect.get(globalThis, '__zod_globalConfig');
    Reflect.deleteProperty(globalThis, '__zod_globalConfig');
    try {
      runFirstPaintScript();
      expect(Reflect.get(globalThis, '__zod_globalConfig')).toEqual({ jitless: true });
    } finally {
      Reflect.set(globalThis, '__zod_globalConfig', saved);
    }
  });
});

describe('colour mode menu', () => {
  it('choosing Dark applies .dark and remembers it; Same as device forgets it', async () => {
    mockSystemDark(false);
    setLocaleCookie('en');
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await waitForUrl(router, '/');
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Color mode: Same as device' }));
    await user.click(screen.getAllByRole('button', { name: 'Dark' })[0]!);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Color mode: Dark' }));
    await user.click(screen.getAllByRole('button', { name: 'Same as device' })[0]!);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBeNull();
  });

  it('a route can force a mode over the preference', () => {
    mockSystemDark(false);
    expect(resolveColourMode('light', 'dark')).toBe('dark');
    expect(resolveColourMode('dark', 'light')).toBe('light');
    expect(resolveColourMode('system')).toBe('light');
    mockSystemDark(true);
    expect(resolveColourMode('system')).toBe('dark');
  });
});

describe('a route forcing a colour mode', () => {
  it('applies its mode while open, whatever the preference', async () => {
    const { render } = await import('@testing-library/react');
    const { createMemoryRouter, RouterProvider, Link, Outlet } = await import('react-router');
    const { Provider } = await import('react-redux');
    const { createAppStore } = await import('../app/store');
    const { useColourMode } = await import('../components/use-colour-mode');
    mockSystemDark(false);
    localStorage.setItem(COLOUR_MODE_KEY, 'light');
    function Shell() {
      useColourMode();
      return <Outlet />;
    }
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            { path: '/', element: <Link to="/promo">promo</Link>, handle: { name: 'home' } },
            { path: '/promo', element: <p>promo page</p>, handle: { name: 'promo', colourMode: 'dark' } },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    const user = userEvent.setup();
    render(
      <Provider store={createAppStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(await screen.findByRole('link', { name: 'promo' }));
    await screen.findByText('promo page');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(COLOUR_MODE_KEY)).toBe('light');
  });
});
