// The allowance reminder as a line (issue 31): within the reminder window of the period's end,
// "$86.40 left to spend by Dec 31 · 12 days", a link to the suggested basket. Under the header on
// every page and on the cart, for a signed-in member only; drawn by the server (the member's `me`
// and reminder setting are awaited with the layout's queries).
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarClock, ChevronRight } from '@otc/ui/icons';
import { Notice, cn } from '@otc/ui';
import type { AllowanceReminder } from '../kernel/allowance-reminder';
import { AppLink } from './app-link';

/** "$86.40 left to spend by Dec 31 · 12 days" (the figure and the date never broken). */
export function ReminderText({ reminder }: { reminder: AllowanceReminder }) {
  const { amount, endsOn, days } = reminder;
  const daysText =
    days === 0 ? <Trans>last day</Trans> : plural(days, { one: '# day', other: '# days' });
  return (
    <span>
      <Trans>
        <strong className="font-bold whitespace-nowrap">{amount}</strong> left to spend by{' '}
        <span className="whitespace-nowrap">{endsOn}</span>
      </Trans>{' '}
      <span aria-hidden="true">·</span> <span className="whitespace-nowrap">{daysText}</span>
    </span>
  );
}

/** The reminder as a link to the basket page: a band under the header, or a box (the cart). */
export function ReminderStrip({
  reminder,
  variant = 'band',
  className,
}: {
  reminder: AllowanceReminder;
  variant?: 'band' | 'box';
  className?: string;
}) {
  const link = (
    <AppLink
      to="/account/basket"
      data-testid="allowance-reminder"
      className={cn(
        'flex min-h-11 items-center gap-2 text-base',
        variant === 'band'
          ? 'mx-auto max-w-7xl px-4 py-1 sm:px-6'
          : 'rounded-xl border-2 border-primary bg-primary-soft px-4 py-3',
      )}
    >
      <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <span className="flex flex-wrap items-baseline gap-x-3">
        <ReminderText reminder={reminder} />
        <span className="font-semibold underline underline-offset-2">
          <Trans>See your basket</Trans>
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="ml-auto size-5 shrink-0 text-primary" />
    </AppLink>
  );
  if (variant === 'box') return <div className={className}>{link}</div>;
  return <div className={cn('border-b border-border bg-primary-soft', className)}>{link}</div>;
}

/**
 * The cart's part (issue 31): the reminder box near the period's end and, after "Add all to cart"
 * on the basket page (`/cart?basket=<rows added or raised>`), the notice that says so.
 */
export function CartReminder({ reminder, basketAdded }: { reminder: AllowanceReminder | null; basketAdded: string | null }) {
  const added = basketAdded !== null && /^\d{1,4}$/.test(basketAdded) ? Number(basketAdded) : null;
  if (!reminder && added === null) return null;
  return (
    <div className="flex flex-col gap-3">
      {added !== null ? (
        <Notice tone="success" title={<Trans>Your basket is in the cart</Trans>}>
          {added > 0
            ? plural(added, {
                one: '# product was added or raised. Nothing already in your cart was lowered.',
                other: '# products were added or raised. Nothing already in your cart was lowered.',
              })
            : <Trans>Everything was already in your cart.</Trans>}
        </Notice>
      ) : null}
      {reminder ? <ReminderStrip reminder={reminder} variant="box" /> : null}
    </div>
  );
}
