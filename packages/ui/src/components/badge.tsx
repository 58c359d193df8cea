import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../cn';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-3 text-fg',
  primary: 'bg-primary-soft text-primary',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  icon?: ReactNode;
}

export function Badge({ tone = 'neutral', icon, className, children, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold',
        tones[tone],
        className,
      )}
      {...rest}
    >
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
    </span>
  );
}

/** Colours of order statuses (the SDK's ORDER_STATUSES `color` values). */
export type StatusColor = 'slate' | 'orange' | 'rose' | 'violet' | 'darkred' | 'teal' | 'cyan' | 'sky' | 'primary';

const statusColors: Record<StatusColor, string> = {
  slate: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-50',
  rose: 'bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-50',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-50',
  darkred: 'bg-red-200 text-red-950 dark:bg-red-950 dark:text-red-100',
  teal: 'bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-50',
  cyan: 'bg-cyan-100 text-cyan-900 dark:bg-cyan-900 dark:text-cyan-50',
  sky: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
  primary: 'bg-primary text-on-primary',
};

export interface StatusPillProps extends HTMLAttributes<HTMLSpanElement> {
  color: StatusColor;
}

/** An order status label; the colour is decoration, the text (children) carries the meaning. */
export function StatusPill({ color, className, ...rest }: StatusPillProps) {
  return (
    <span
      data-color={color}
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold',
        statusColors[color],
        className,
      )}
      {...rest}
    />
  );
}
