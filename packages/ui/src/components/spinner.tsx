import { cn } from '../cn';
import { VisuallyHidden } from './visually-hidden';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; without it the spinner is decorative. */
  label?: string;
  className?: string;
}

const sizes = { sm: 'size-5 border-2', md: 'size-8 border-3', lg: 'size-12 border-4' };

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'inline-block animate-spin rounded-full border-current border-r-transparent',
          sizes[size],
        )}
      />
      {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
    </span>
  );
}
