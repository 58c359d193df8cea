import { Outlet, ScrollRestoration } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useAppUpdateNotice } from './app-update-notice';
import { Header } from './header';
import { Footer } from './footer';
import { Notifications } from './notifications';
import { SearchSlot } from './search-slot';
import { AlternateLinks } from './alternate-links';

/** Skip link, header, main content, footer, notifications and the search modal. */
export function AppLayout() {
  useAppUpdateNotice();
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <AlternateLinks />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-3 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-3"
      >
        <Trans>Skip to main content</Trans>
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <Notifications />
      <SearchSlot />
      <ScrollRestoration />
    </div>
  );
}
