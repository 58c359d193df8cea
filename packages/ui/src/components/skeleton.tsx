import type { HTMLAttributes } from 'react';
import { cn } from '../cn';

/** A grey placeholder block; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-surface-3', className)}
      {...rest}
    />
  );
}
