import type { LiHTMLAttributes, ReactNode } from 'react';
import { cn } from '../cn';

export interface LineItemProps extends Omit<LiHTMLAttributes<HTMLLIElement>, 'title' | 'children'> {
  /** The product's picture (decorative: the name says what it is). */
  imageSrc: string;
  /** The product's name, as text or a link; shown bold and wrapping inside the row. */
  title: ReactNode;
  /** Lines under the name: unit price, quantity, price, flags, status. */
  children?: ReactNode;
  /** Beside the details once the row is 32rem wide (under them on phones): quantity, line total, remove. */
  aside?: ReactNode;
  /** `md`: an 80 px picture (the cart); `sm`: 64 px (checkout review, a placed order). */
  size?: 'md' | 'sm';
}

/**
 * One product row of a cart or an order, inside a `<ul>`: picture, name, details and an optional
 * side column; rows are separated by a rule.
 */
export function LineItem({ imageSrc, title, children, aside, size = 'md', className, ...rest }: LineItemProps) {
  const pixels = size === 'md' ? 80 : 64;
  // The row is a size container: the side column goes beside the details once the row itself is
  // 32rem wide, so larger text (which makes 32rem wider) stacks it under them instead of squeezing
  // the name into a column of a few letters.
  return (
    <li
      className={cn(
        '@container border-b border-border last:border-b-0',
        size === 'md' ? 'py-4' : 'py-3',
        className,
      )}
      {...rest}
    >
      <div className="flex flex-col gap-3 @lg:flex-row @lg:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          <img
            src={imageSrc}
            alt=""
            width={pixels}
            height={pixels}
            loading="lazy"
            className={cn(
              'shrink-0 rounded-lg border border-border bg-picture object-contain',
              size === 'md' ? 'size-20' : 'size-16',
            )}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="font-semibold break-words">{title}</div>
            {children}
          </div>
        </div>
        {aside ? (
          <div className="flex flex-wrap items-center justify-between gap-3 @lg:flex-col @lg:items-end">
            {aside}
          </div>
        ) : null}
      </div>
    </li>
  );
}
