import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { Provider } from 'react-redux';
import { createAppStore } from '../app/store';
import { activateLocale, i18n } from '../lib/i18n';
import { notify } from '../app/notify';
import { Notifications } from './notifications';

async function setup() {
  await activateLocale('en');
  const store = createAppStore();
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <Notifications />
      </I18nProvider>
    </Provider>,
  );
  return store;
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
});
