import type { HTMLAttributes } from 'react';
import { cn } from '../cn';

export interface PriceProps extends HTMLAttributes<HTMLSpanElement> {
  /** Already formatted by the SDK (`formatPrice`), e.g. "$12.50". */
  value: string;
  /** A struck-through former price, also formatted. */
  was?: string;
  /** Screen-reader prefix for the former price, e.g. "Was". */
  wasLabel?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'text-base', md: 'text-lg', lg: 'text-2xl' };

export function Price({ value, was, wasLabel, size = 'md', className, ...rest }: PriceProps) {
  return (
    <span className={cn('inline-flex items-baseline gap-2', className)} {...rest}>
      <span className={cn('font-bold tabular-nums', sizes[size])}>{value}</span>
      {was ? (
        <s className="text-base text-muted tabular-nums">
          {wasLabel ? <span className="sr-only">{wasLabel} </span> : null}
          {was}
        </s>
      ) : null}
    </span>
  );
}
