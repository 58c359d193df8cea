// The signed-in customer's corner of the header: a button that opens the account menu (My
// account, My orders, Sign out) and, beyond the spec, the allowance left on the active card and
// the day its period ends, so members spend it before it expires.
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, LogOut, Package, ShoppingBasket, User, WalletCards } from '@otc/ui/icons';
import { cn } from '@otc/ui';
import { allowanceOf, useCustomer, type Allowance } from '../kernel/customer-api';
import { useLocale, useLocalizePath } from '../lib/use-locale';
import { AppLink } from './app-link';

/** The allowance in words: "$150.00 left, until March 31, 2026". */
export function AllowanceText({
  allowance,
  className,
}: {
  allowance: Allowance;
  className?: string;
}) {
  const { amount, endsOn } = allowance;
  return (
    <span className={className}>
      {endsOn ? (
        <Trans>
          Allowance: <strong className="font-bold whitespace-nowrap">{amount}</strong>, spend by{' '}
          <span className="whitespace-nowrap">{endsOn}</span>
        </Trans>
      ) : (
        <Trans>
          Allowance: <strong className="font-bold whitespace-nowrap">{amount}</strong>
        </Trans>
      )}
    </span>
  );
}

/**
 * The allowance as a line under the header while the header is compact (signed-in members only):
 * a size container as wide as the window, hidden at the header's 64rem, where its menu shows it.
 */
export function AllowanceStrip() {
  const { customer } = useCustomer();
  const locale = useLocale();
  const allowance = allowanceOf(customer, locale);
  if (!allowance) return null;
  return (
    <div className="@container">
      <div className="border-b border-border bg-primary-soft @5xl:hidden">
        <AppLink
          to="/account/payment-methods"
          className="mx-auto flex min-h-11 max-w-7xl items-center gap-2 px-4 py-1 text-base sm:px-6"
        >
          <WalletCards aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <AllowanceText allowance={allowance} />
        </AppLink>
      </div>
    </div>
  );
}

const itemClass =
  'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-lg font-semibold text-fg hover:bg-surface-3 focus-visible:outline-3 focus-visible:outline-focus';

/** The account button and its menu (a disclosure: Escape or a click outside closes it). */
export function AccountMenu({ className }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const { customer } = useCustomer();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const allowance = allowanceOf(customer, locale);

  useDismiss(open, closeMenu, root, button);

  return (
    <div ref={root} className={cn('relative', className)}>
      {/* Before or without the scripts the button leads to the account's pages (their menu has
          everything this one has, Sign out too): a GET form, as HTML does it. With them it opens
          the menu here. */}
      <form method="get" action={localize('/account')} className="contents">
        <button
          ref={button}
          type="submit"
          aria-expanded={open}
          // Only while the menu is drawn: an id that is not in the page points nowhere.
          aria-controls={open ? menuId : undefined}
          onClick={(event) => {
            event.preventDefault();
            setOpen((value) => !value);
          }}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-left font-semibold whitespace-nowrap text-fg hover:bg-surface-3"
        >
          <User aria-hidden="true" className="size-5 shrink-0" />
          <span className="flex flex-col leading-tight">
            <span>
              <Trans>My account</Trans>
            </span>
            {allowance ? (
              <span className="text-sm font-normal text-muted">
                <Trans>Allowance {allowance.amount}</Trans>
              </span>
            ) : null}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
          />
        </button>
      </form>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-surface p-2 shadow-lg"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setOpen(false);
          }}
        >
          {customer ? (
            <p className="truncate px-3 pt-2 pb-1 font-bold" title={customer.name}>
              {customer.name}
            </p>
          ) : null}
          {allowance ? (
            <AppLink
              to="/account/payment-methods"
              className="mx-1 mb-2 flex gap-2 rounded-lg bg-primary-soft p-3"
            >
              <WalletCards aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <AllowanceText allowance={allowance} />
            </AppLink>
          ) : null}
          <ul aria-label={t`Account`} className="flex flex-col gap-1">
            <li>
              <AppLink to="/account" className={itemClass}>
                <User aria-hidden="true" className="size-5 shrink-0" />
                <Trans>My account</Trans>
              </AppLink>
            </li>
            <li>
              <AppLink to="/account/orders" className={itemClass}>
                <Package aria-hidden="true" className="size-5 shrink-0" />
                <Trans>My orders</Trans>
              </AppLink>
            </li>
            <li>
              <AppLink to="/account/basket" className={itemClass}>
                <ShoppingBasket aria-hidden="true" className="size-5 shrink-0" />
                <Trans>Your suggested basket</Trans>
              </AppLink>
            </li>
            <li>
              <AppLink to="/logout" prefetch="intent" className={itemClass}>
                <LogOut aria-hidden="true" className="size-5 shrink-0" />
                <Trans>Sign out</Trans>
              </AppLink>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
