import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../cn';

export interface SummaryRow {
  id: string;
  label: ReactNode;
  /** Already formatted, e.g. a Price or "Free". */
  value: ReactNode;
  /** The total: larger, bold and set off by a rule above it. */
  emphasis?: boolean;
  /** A smaller line under the label, e.g. "Calculated at the next step". */
  hint?: ReactNode;
}

export interface SummaryListProps extends Omit<HTMLAttributes<HTMLDListElement>, 'children'> {
  rows: readonly SummaryRow[];
}

/**
 * Label and value rows (subtotal, shipping, tax, total) as a description list; each row is a
 * `<div>` holding its `<dt>` and `<dd>`, which HTML allows inside `<dl>`.
 */
export function SummaryList({ rows, className, ...rest }: SummaryListProps) {
  return (
    <dl className={cn('flex flex-col gap-2', className)} {...rest}>
      {rows.map((row) => (
        <div
          key={row.id}
          data-emphasis={row.emphasis || undefined}
          className={cn(
            'flex items-baseline justify-between gap-4',
            row.emphasis && 'mt-1 border-t-2 border-border pt-3 text-lg font-bold',
          )}
        >
          <dt className="min-w-0">
            {row.label}
            {row.hint ? (
              <span className="block text-sm font-normal text-muted">{row.hint}</span>
            ) : null}
          </dt>
          <dd className={cn('shrink-0 text-right tabular-nums', !row.emphasis && 'font-semibold')}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
