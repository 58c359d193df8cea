import { useState } from 'react';
import { useLocation } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, Menu, Package, Search, ShoppingBasket, ShoppingCart, User } from '@otc/ui/icons';
import { Container, cn } from '@otc/ui';
import { useAppDispatch, useAppSelector } from '../kernel/hooks';
import { selectSignedIn } from '../kernel/session-slice';
import { searchOpened } from '../kernel/ui-slice';
import { AppLink } from './app-link';
import { CarriedParams } from './carried-params';
import { LogoMark } from './logo';
import { LanguageSwitch } from './language-switch';
import { ColourModeMenu } from './colour-mode-menu';
import { useColourMode } from './use-colour-mode';
import { FooterLinks } from './footer';
import { useCartPort } from '../lib/cart-port';
import { stripLocale } from '../lib/locale';
import { AccountMenu, AllowanceStrip } from './account-menu';
import { ReminderStrip } from './reminder-strip';
import { useAllowanceReminder } from '../kernel/allowance-reminder';
import { deferredModule, useDeferredModule } from '../lib/deferred-module';
import { useLocale, useLocalizePath } from '../lib/use-locale';

/** The drawer's code: nothing drawn on the server needs it (the menu starts closed). */
const dialogModule = deferredModule(() => import('@otc/ui/dialog'));

/** The in-page menu's id: the menu button without the scripts leads to it. */
const SITE_MENU_ID = 'site-menu';

const navLink =
  'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold whitespace-nowrap text-fg hover:bg-surface-3';

/** Pages a sign-in should not come back to (home is the default anyway). */
const NO_RETURN = /^\/(login|sign-up|login-recovery|logout)(\/|$)|^\/$/;

/** "Sign in" from any page comes back to it afterwards (`redirect`: path and query). */
function useSignInHref(): string {
  const { pathname, search } = useLocation();
  if (NO_RETURN.test(stripLocale(pathname))) return '/login';
  return `/login?${new URLSearchParams({ redirect: `${pathname}${search}` }).toString()}`;
}

export function Header() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const cartPort = useCartPort();
  const cartCount = cartPort.useCartCount();
  const waitingCount = cartPort.useWaitingCount();
  const [mode, setMode] = useColourMode();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const Drawer = useDeferredModule(dialogModule, menuOpen)?.Drawer;
  const localize = useLocalizePath();
  const { pathname } = useLocation();

  const signInHref = useSignInHref();
  // Near the period's end (the reminder window) the strip says what is left and until when (the
  // cart says it in its own box, so not twice there).
  const reminder = useAllowanceReminder(useLocale());
  const onCart = stripLocale(useLocation().pathname) === '/cart';
  // Items held by an order waiting for payment are not in the cart, but not gone either.
  const cartLabel =
    cartCount > 0
      ? plural(cartCount, { one: 'Cart, # item', other: 'Cart, # items' })
      : waitingCount > 0
        ? plural(waitingCount, {
            one: 'Cart: # item waiting for payment',
            other: 'Cart: # items waiting for payment',
          })
        : t`Cart, empty`;

  // The phone's menu: in the drawer with the scripts, in the page under the header without them.
  const menuLinks = (
    <>
      <AppLink to="/catalog" className={cn(navLink, 'text-lg')}>
        <Trans>Catalog</Trans>
      </AppLink>
      {signedIn ? (
        <>
          <AppLink to="/account" className={cn(navLink, 'text-lg')}>
            <User aria-hidden="true" className="size-5 shrink-0" />
            <Trans>My account</Trans>
          </AppLink>
          <AppLink to="/account/orders" className={cn(navLink, 'text-lg')}>
            <Package aria-hidden="true" className="size-5 shrink-0" />
            <Trans>My orders</Trans>
          </AppLink>
          <AppLink to="/account/basket" className={cn(navLink, 'text-lg')}>
            <ShoppingBasket aria-hidden="true" className="size-5 shrink-0" />
            <Trans>Your suggested basket</Trans>
          </AppLink>
          <AppLink to="/logout" prefetch="intent" className={cn(navLink, 'text-lg')}>
            <LogOut aria-hidden="true" className="size-5 shrink-0" />
            <Trans>Sign out</Trans>
          </AppLink>
        </>
      ) : (
        <AppLink to={signInHref} className={cn(navLink, 'text-lg')}>
          <User aria-hidden="true" className="size-5 shrink-0" />
          <Trans>Sign in</Trans>
        </AppLink>
      )}
      <AppLink to="/cart" className={cn(navLink, 'text-lg')}>
        {cartLabel}
      </AppLink>
      <AppLink to="/balance-check" className={cn(navLink, 'text-lg')}>
        <Trans>Check your balance</Trans>
      </AppLink>
      <LanguageSwitch className="text-lg" />
    </>
  );

  return (
    <>
      {/*
        A size container as wide as the window: the desktop navigation shows once the header is
        64rem wide, so larger text (which makes 64rem wider) keeps the compact header with its menu
        instead of pushing the search and cart buttons off the screen.
      */}
      <header className="@container sticky top-0 z-30 border-b border-border bg-surface">
        <Container
          width="wide"
          className="flex min-h-16 items-center gap-1 py-2 @min-[40rem]:gap-2"
        >
          <AppLink
            to="/"
            className="mr-auto inline-flex min-h-11 items-center gap-2 rounded-lg pr-2 font-extrabold"
          >
            <LogoMark className="size-9 shrink-0" />
            <span className="text-lg leading-tight @7xl:whitespace-nowrap">
              <Trans>Benefit Shop</Trans>
            </span>
          </AppLink>

          <nav aria-label={t`Main`} className="hidden items-center gap-1 @5xl:flex">
            <AppLink to="/catalog" className={navLink}>
              <Trans>Catalog</Trans>
            </AppLink>
            {signedIn ? (
              <AccountMenu />
            ) : (
              <AppLink to={signInHref} className={navLink}>
                <User aria-hidden="true" className="size-5 shrink-0" />
                <Trans>Sign in</Trans>
              </AppLink>
            )}
            <LanguageSwitch />
            <ColourModeMenu value={mode} onChange={setMode} />
          </nav>

          {/*
            The search window with the scripts. Before or without them (a slow phone, scripts off)
            the button is a plain GET of the catalog's search field (/catalog#catalog-search,
            features/catalog/pages/catalog-page.tsx), which the catalog shows while its address
            names it.
          */}
          <form method="get" action={`${localize('/catalog')}#catalog-search`} className="contents">
            <button
              type="submit"
              onClick={(event) => {
                event.preventDefault();
                dispatch(searchOpened());
              }}
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-3 @5xl:w-auto @5xl:gap-2 @5xl:px-3"
            >
              <Search aria-hidden="true" className="size-6" />
              <span className="sr-only @5xl:not-sr-only @5xl:font-semibold">
                <Trans>Search</Trans>
              </span>
            </button>
          </form>

          <AppLink
            to="/cart"
            aria-label={cartLabel}
            className="relative inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-3"
          >
            <ShoppingCart aria-hidden="true" className="size-6" />
            {cartCount > 0 ? (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 min-w-6 rounded-full bg-primary px-1.5 text-center text-sm font-bold text-on-primary"
              >
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            ) : null}
          </AppLink>

          {/*
            The drawer with the scripts. Before or without them the button is a GET of this page
            with #site-menu, which shows the same menu under the header (SiteMenuInPage).
          */}
          <form method="get" action={`${pathname}#${SITE_MENU_ID}`} className="contents">
            <CarriedParams />
            <button
              type="submit"
              aria-expanded={menuOpen}
              aria-label={t`Open menu`}
              onClick={(event) => {
                event.preventDefault();
                // The menu already open in the page (pressed before the scripts ran): this press
                // closes it, as its own "Close menu" does, rather than opening a second one.
                if (window.location.hash === `#${SITE_MENU_ID}`) window.location.hash = 'main';
                else setMenuOpen(true);
              }}
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-3 @5xl:hidden"
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>
          </form>
        </Container>

        {Drawer ? (
          <Drawer
            open={menuOpen}
            onClose={closeMenu}
            title={t`Menu`}
            closeLabel={t`Close menu`}
            side="right"
          >
            <nav
              aria-label={t`Main`}
              className="flex flex-col gap-1"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) closeMenu();
              }}
            >
              {menuLinks}
            </nav>
            <div className="mt-4 border-t border-border pt-4">
              <ColourModeMenu value={mode} onChange={setMode} variant="inline" />
            </div>
            <div
              className="mt-4 border-t border-border pt-4"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) closeMenu();
              }}
            >
              <FooterLinks stacked />
            </div>
          </Drawer>
        ) : null}
      </header>
      {/* Shown only while the address names it (#site-menu: the menu button without the scripts),
          on the compact header; out of the sticky header, so it scrolls away with the page. */}
      <div id={SITE_MENU_ID} hidden className="@container">
        <div className="border-b border-border bg-surface @5xl:hidden">
          <Container width="wide" className="flex flex-col gap-3 py-4">
            <nav aria-label={t`Menu`} className="flex flex-col gap-1">
              {menuLinks}
            </nav>
            <a
              href="#main"
              className={cn(navLink, 'self-start text-lg underline underline-offset-4')}
            >
              <Trans>Close menu</Trans>
            </a>
          </Container>
        </div>
      </div>
      {/* Under the header, not stuck to it: on a phone it scrolls away with the page. */}
      {signedIn ? (
        reminder ? (
          onCart ? null : (
            <ReminderStrip reminder={reminder} />
          )
        ) : (
          <AllowanceStrip />
        )
      ) : null}
    </>
  );
}
