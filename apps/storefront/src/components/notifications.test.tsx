import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppStore } from '../app/store';
import { activateLocale, i18n } from '../lib/i18n';
import { notify } from '../kernel/notify';
import { Notifications, loadToasts } from './notifications';

/** The notifications on a page at `path` (they know which page they are on). */
async function setup(path = '/catalog') {
  await activateLocale('en');
  // The toasts' code comes after the first paint; here it is there, as it is by a person's first toast.
  await loadToasts();
  const store = createAppStore();
  const router = createMemoryRouter([{ path: '*', element: <Notifications /> }], { initialEntries: [path] });
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>,
  );
  return Object.assign(store, { router });
}

describe('notifications', () => {
  afterEach(() => vi.useRealTimers());

  it('close after the default 5000 ms and leave the store', async () => {
    const store = await setup();
    vi.useFakeTimers();
    act(() => {
      notify(store.dispatch, { title: 'Changes are saved', icon: 'success', color: 'success' });
    });
    expect(screen.getByRole('listitem')).toHaveTextContent('Changes are saved');
    expect(screen.getByTestId('toast-polite')).toHaveTextContent('Changes are saved');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(store.getState().ui.notifications).toHaveLength(0);
  });

  it('pause while hovered and resume on leave', async () => {
    const store = await setup();
    vi.useFakeTimers();
    act(() => {
      notify(store.dispatch, { title: 'Address is added', timeout: 2000 });
    });
    act(() => vi.advanceTimersByTime(1500));
    fireEvent.mouseEnter(screen.getByRole('listitem'));
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('listitem'));
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('the close button closes it and runs its callback; an action runs its function', async () => {
    const store = await setup();
    const callback = vi.fn();
    const retry = vi.fn();
    act(() => {
      notify(store.dispatch, { title: 'Email is removed', callback });
      notify(store.dispatch, {
        title: 'Error placing order',
        color: 'danger',
        icon: 'error',
        actions: [{ label: 'Try again', onClick: retry }],
      });
    });
    expect(screen.getByTestId('toast-urgent')).toHaveTextContent('Error placing order');
    fireEvent.click(within(screen.getByText('Email is removed').closest('li')!).getByRole('button', { name: 'Close notification' }));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Email is removed')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(store.getState().ui.notifications).toHaveLength(0);
  });

  it('shows avatar initials and the same id replaces an earlier notification', async () => {
    const store = await setup();
    act(() => {
      notify(store.dispatch, { id: 'welcome', title: 'Hello', avatar: { name: 'ana maría' }, timeout: 0 });
      notify(store.dispatch, { id: 'welcome', title: 'Hello again', avatar: { name: 'ana maría' }, timeout: 0 });
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem')).toHaveTextContent('Hello again');
    expect(screen.getByTestId('toast-initials')).toHaveTextContent('AM');
  });

  it('words already on screen are shown once, whatever their id (issue 33, item 8)', async () => {
    const store = await setup();
    act(() => {
      // A session ended elsewhere, found out by two requests at once.
      notify(store.dispatch, { id: 'session-ended', title: 'Your session has ended', color: 'warning', timeout: 0 });
      notify(store.dispatch, { title: 'Your session has ended', color: 'warning', timeout: 0 });
      notify(store.dispatch, { id: 'session-ended', title: 'Your session has ended', color: 'warning', timeout: 0 });
      notify(store.dispatch, { title: 'Added to cart', description: 'Vitamin A' });
      notify(store.dispatch, { title: 'Added to cart', description: 'Vitamin A' });
      // Other words are another notification.
      notify(store.dispatch, { title: 'Added to cart', description: 'Vitamin B' });
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your session has ended',
      'Added to cartVitamin A',
      'Added to cartVitamin B',
    ]);
    expect(store.getState().ui.notifications).toHaveLength(3);
  });

  it('a notice with no purpose on the cart page is not shown there (issue 33, item 8)', async () => {
    const store = await setup('/catalog');
    act(() => {
      notify(store.dispatch, { title: 'Added to cart', description: 'Vitamin A', closesOn: ['/cart'] });
      notify(store.dispatch, { title: 'Changes are saved' });
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await act(() => store.router.navigate('/es/cart'));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Changes are saved']);
    expect(store.getState().ui.notifications.map((n) => n.title)).toEqual(['Changes are saved']);
    // Nor is one raised while the member is on the cart.
    act(() => {
      notify(store.dispatch, { title: 'Added to cart', description: 'Vitamin B', closesOn: ['/cart'] });
    });
    expect(screen.queryByText('Vitamin B')).not.toBeInTheDocument();
  });

  it('an action stays reachable: the notice waits until closed, and any notice stays while it has the focus (issue 22)', async () => {
    const store = await setup();
    vi.useFakeTimers();
    const viewCart = vi.fn();
    act(() => {
      notify(store.dispatch, {
        title: 'Items of order 100041 are in your cart',
        actions: [{ label: 'View cart', onClick: viewCart }],
      });
      notify(store.dispatch, { title: 'Changes are saved', timeout: 2000 });
    });
    // A keyboard user on the way to "View cart" (past the page) still finds it.
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('button', { name: 'View cart' })).toBeInTheDocument();
    expect(screen.queryByText('Changes are saved')).not.toBeInTheDocument();

    act(() => {
      notify(store.dispatch, { title: 'Address is added', timeout: 2000 });
    });
    const close = within(screen.getByText('Address is added').closest('li')!).getByRole('button', {
      name: 'Close notification',
    });
    act(() => close.focus());
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Address is added')).toBeInTheDocument();
    // Focus gone: the time that was left runs out.
    act(() => close.blur());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Address is added')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View cart' }));
    expect(viewCart).toHaveBeenCalledTimes(1);
  });
});
