import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, screen, setLocaleCookie } from '../test/render-app';
import { RouteFocus } from './route-focus';

describe('focus after a page change', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('stays put on the first load, then goes to the new main heading and the new title is announced', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('route-announcer')).toBeEmptyDOMElement();

    const link = screen.getAllByRole('link', { name: 'Return policy' })[0]!;
    await user.click(link);
    // The page's module is transformed on its first import: slow on a busy machine.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Return policy' }, { timeout: 15_000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent('Return policy | Benefit Shop'));

    // A change of query only (filters, steps) keeps the focus where it is.
    link.focus();
    await act(() => router.navigate('/return-policy?x=1'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(link).toHaveFocus();
  });
});

describe('a page that replaces its heading once loaded', () => {
  /** Ends the page's loading: the test's step, not a timer racing the focus it looks at. */
  let finishLoading = () => {};
  function LoadingThenLoaded() {
    const [loaded, setLoaded] = useState(false);
    useEffect(() => {
      finishLoading = () => setLoaded(true);
    }, []);
    // A different element (the loading state's heading gives way to the page's).
    return loaded ? <h1 key="loaded">Checkout</h1> : <h1 key="loading">Loading checkout</h1>;
  }

  it('gives the focus to the new heading instead of leaving it on the body', async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <RouteFocus />
              <main id="main">
                <Outlet />
              </main>
            </>
          ),
          children: [
            { path: '/', element: <Link to="/checkout">Go</Link> },
            { path: '/checkout', element: <LoadingThenLoaded /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Loading checkout' })).toHaveFocus());
    act(() => finishLoading());
    const loaded = await screen.findByRole('heading', { name: 'Checkout' });
    await waitFor(() => expect(loaded).toHaveFocus());
  });
});
