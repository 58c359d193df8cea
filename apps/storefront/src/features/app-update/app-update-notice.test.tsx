import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createAppStore } from '../../app/store';
import { activateLocale, i18n } from '../../lib/i18n';
import { Notifications } from '../../components/notifications';
import { useAppUpdateNotice } from './app-update-notice';

function Probe({ fetcher }: { fetcher: typeof fetch }) {
  useAppUpdateNotice({ enabled: true, fetcher });
  return <Notifications />;
}

function answer(version: string): typeof fetch {
  return vi.fn(async () => new Response(JSON.stringify({ version }), { status: 200 })) as unknown as typeof fetch;
}

async function setup(fetcher: typeof fetch) {
  await activateLocale('en');
  render(
    <Provider store={createAppStore()}>
      <I18nProvider i18n={i18n}>
        {/* The notifications know the page they are on. */}
        <MemoryRouter>
          <Probe fetcher={fetcher} />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

describe('new version notice', () => {
  afterEach(() => vi.useRealTimers());

  it('offers a reload when version.json names another build (checked on focus)', async () => {
    const fetcher = answer('another-build');
    await setup(fetcher);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('listitem')).toHaveTextContent('A new version of the shop is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // The same build is announced once, however often the window gains focus.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('stays quiet while the build is current, and polls every 5 minutes', async () => {
    vi.useFakeTimers();
    const fetcher = answer(__APP_VERSION__);
    await setup(fetcher);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60_000);
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetcher).mock.calls[0]?.[0]).toMatch(/^\/version\.json\?t=\d+$/);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
