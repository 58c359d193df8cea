import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { AddedToCartNotice } from '../features/cart/components/added-notice';
import { Notifications } from '../components/notifications';
import { SearchSlot } from './search-slot';
import { AppUpdateSlot } from './app-update-slot';
import { AlternateLinks } from '../components/alternate-links';
import { SessionWatch } from './session-watch';
import { RouteFocus } from '../kernel/route-focus';
import { useLinkCodeNotice } from '../kernel/link-code-notice';
import { useCarryGuestPlan } from '../kernel/coverage-plan';

/**
 * The scroll position of a history entry is kept under its key. Every page opened by its address
 * (typed, bookmarked, reloaded) starts as the entry "default", so with the plain key a new address
 * got the last loaded page's position back; keyed with its path it starts at the top, and a reload
 * of the same address still comes back to where it was.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default'
    ? `default:${location.pathname}${location.search}`
    : location.key;
}

/** Skip link, header, main content, footer, notifications, the search modal and the session rules. */
export function AppLayout() {
  useLinkCodeNotice();
  // A guest's chosen health plan goes into the account at sign-up (issue 19).
  useCarryGuestPlan();
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <AlternateLinks />
      <SessionWatch />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-3 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-3"
      >
        <Trans>Skip to main content</Trans>
      </a>
      <Header />
      {/* At least a screen tall: the footer never shows, then jumps, while a page loads (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <AddedToCartNotice />
        <Outlet />
      </main>
      <Footer />
      <Notifications />
      <SearchSlot />
      <AppUpdateSlot />
      <RouteFocus />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
