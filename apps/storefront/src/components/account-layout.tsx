import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CreditCard, Heart, LogOut, MapPin, Package, ShieldCheck, ShoppingBasket, UserRound } from '@otc/ui/icons';
import { Container, cn } from '@otc/ui';
import { AppLink } from './app-link';
import { stripLocale } from '../lib/locale';

const SECTIONS = [
  { to: '/account', label: msg`Profile`, Icon: UserRound },
  { to: '/account/addresses', label: msg`Addresses`, Icon: MapPin },
  { to: '/account/payment-methods', label: msg`Payment methods`, Icon: CreditCard },
  { to: '/account/security', label: msg`Security`, Icon: ShieldCheck },
  { to: '/account/favorites', label: msg`Favorites`, Icon: Heart },
  { to: '/account/orders', label: msg`My orders`, Icon: Package },
  { to: '/account/basket', label: msg`Suggested basket`, Icon: ShoppingBasket },
  // Also in the header's menu; here it is within reach before or without the scripts too.
  { to: '/logout', label: msg`Sign out`, Icon: LogOut },
] as const;

/**
 * Every account page (the account feature's and the order history): its heading, then the account's sections (a list of large links, a
 * column beside the page from `lg` up, a wrapping row above it on phones) and the page.
 */
export function AccountLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const current = stripLocale(useLocation().pathname).replace(/\/+$/, '') || '/';
  // A size container as wide as the window: the section menu goes beside the content once the page
  // is 64rem wide, so larger text keeps one wide column for the forms instead of squeezing them.
  return (
    <div className="@container">
      <Container className="py-6 sm:py-10">
        <div className="grid gap-6 @5xl:grid-cols-[15rem_minmax(0,1fr)] @5xl:gap-x-10">
          <header className="flex flex-col gap-2 @5xl:col-start-2">
            <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
            {intro ? <div className="max-w-3xl text-lg">{intro}</div> : null}
          </header>
          <nav
            aria-label={t`My account`}
            className="@5xl:col-start-1 @5xl:row-span-2 @5xl:row-start-1"
          >
            <ul className="flex flex-wrap gap-2 @5xl:flex-col">
              {SECTIONS.map(({ to, label, Icon }) => {
                const active = current === to;
                return (
                  <li key={to}>
                    <AppLink
                      to={to}
                      prefetch="intent"
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex min-h-11 items-center gap-2 rounded-lg border-2 px-3 py-2 font-semibold',
                        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus',
                        active
                          ? 'border-primary bg-primary-soft text-fg'
                          : 'border-border bg-surface text-fg hover:bg-surface-2',
                      )}
                    >
                      <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
                      {t(label)}
                    </AppLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="flex min-w-0 flex-col gap-6 @5xl:col-start-2">{children}</div>
        </div>
      </Container>
    </div>
  );
}

/** A titled block of an account page. */
export function AccountSection({
  title,
  id,
  action,
  children,
  className,
}: {
  title: ReactNode;
  id: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        // A size container: the forms inside lay their fields side by side by its width.
        '@container flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 sm:p-6',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
