import type { HTMLAttributes } from 'react';
import { StatusPill, type StatusColor } from './badge';

/**
 * The colour of each numeric order status code (spec, Order statuses). Payment verification is a
 * calm violet, not the rose of an error: the payment is only being checked (issue 21).
 */
export const STATUS_CODE_COLORS: Readonly<Record<number, StatusColor>> = {
  [-20]: 'slate',
  [-10]: 'orange',
  [-5]: 'violet',
  0: 'darkred',
  1: 'teal',
  10: 'cyan',
  20: 'sky',
  30: 'primary',
  50: 'slate',
};

/** The colour of a status code; an unknown code is slate, like the other neutral ones. */
export function statusColorForCode(code: number): StatusColor {
  return STATUS_CODE_COLORS[code] ?? 'slate';
}

export interface StatusBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color'> {
  /** The order's numeric status code, e.g. 20. */
  code: number;
}

/**
 * An order status label coloured by its numeric code. The text (children, from the app's
 * catalog) carries the meaning; every colour pair of StatusPill is AA in light and dark.
 */
export function StatusBadge({ code, ...rest }: StatusBadgeProps) {
  return <StatusPill color={statusColorForCode(code)} data-status-code={code} {...rest} />;
}
