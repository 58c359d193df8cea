import type { HTMLAttributes } from 'react';
import { cn } from '../cn';

export interface SkeletonProps extends HTMLAttributes<HTMLElement> {
  /** `span` for a placeholder inside text (a paragraph cannot hold a div). */
  as?: 'div' | 'span';
}

/** A grey placeholder block; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ as: Component = 'div', className, ...rest }: SkeletonProps) {
  return (
    <Component
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-surface-3', Component === 'span' && 'inline-block', className)}
      {...rest}
    />
  );
}
