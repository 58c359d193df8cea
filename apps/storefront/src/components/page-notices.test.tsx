import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { createAppStore } from '../app/store';
import { activateLocale, i18n } from '../lib/i18n';
import { notify } from '../kernel/notify';
import { Notifications } from './notifications';
import { PageNotices } from './page-notices';

/** A page with a form and its notice area (as the sign-in pages draw it), and the notifications. */
async function setup() {
  await activateLocale('en');
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <main>
              <Outlet />
            </main>
            <Notifications />
          </>
        ),
        children: [
          {
            path: 'account/complete',
            element: (
              <>
                <h1>Complete your profile</h1>
                <PageNotices />
                <label>
                  First name <input />
                </label>
                <Link to="/catalog">Catalog</Link>
              </>
            ),
          },
          { path: 'catalog', element: <h1>Catalog</h1> },
        ],
      },
    ],
    { initialEntries: ['/account/complete'] },
  );
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>,
  );
  return Object.assign(store, { router });
}

describe('notices drawn in the page (issue 33 item 8)', () => {
  it('one that came as the page was left goes on to the next page', async () => {
    const store = await setup();
    // The page is left the moment the notice came: the clock stands still, however long a busy
    // machine takes to draw the next page (a notice seen for 2 s is done with).
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    act(() => {
      notify(store.dispatch, { title: 'Just came', color: 'success' });
    });
    await act(async () => {
      await store.router.navigate('/catalog');
    });
    expect(store.getState().ui.notifications.map((n) => n.title)).toEqual(['Just came']);
  });

  it('a notification on a form page is drawn in the page and only said by the notifications region', async () => {
    const store = await setup();
    act(() => {
      notify(store.dispatch, {
        id: 'cart-merged',
        title: "Your cart items were added to your account's cart",
        description: 'Added: Vitamin D3',
        color: 'success',
      });
    });
    const main = screen.getByRole('main');
    expect(within(main).getByText("Your cart items were added to your account's cart")).toBeInTheDocument();
    expect(within(main).getByText('Added: Vitamin D3')).toBeInTheDocument();
    // No toast over the form: the region holds the words for screen readers, no button.
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('listitem')).toHaveClass('sr-only');
    expect(within(region).getByRole('listitem')).toHaveTextContent("Your cart items were added to your account's cart. Added: Vitamin D3");
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    // It waits for its Close (no time limit: it covers nothing).
    fireEvent.click(within(main).getByRole('button', { name: 'Close' }));
    expect(store.getState().ui.notifications).toHaveLength(0);
  });

  it('leaving the page is done with what it showed; the next pages have toasts again', async () => {
    const store = await setup();
    act(() => {
      notify(store.dispatch, { title: 'Shown in the page', color: 'success' });
    });
    // Seen for a moment (a notice that came as the page was left goes on to the next page).
    const shownAt = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(shownAt + 5000);
    await act(async () => {
      await store.router.navigate('/catalog');
    });
    vi.restoreAllMocks();
    expect(store.getState().ui.notifications).toHaveLength(0);
    act(() => {
      notify(store.dispatch, { title: 'A toast again', color: 'success' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('listitem')).not.toHaveClass('sr-only');
    expect(within(region).getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
  });
});
