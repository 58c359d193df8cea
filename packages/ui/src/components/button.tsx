import {
  forwardRef,
  type ButtonHTMLAttributes,
  type ComponentPropsWithoutRef,
  type ElementType,
  type ReactNode,
} from 'react';
import { cn } from '../cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 select-none';

// Filled buttons carry a transparent border: in forced colours (Windows High Contrast) the
// background goes and the border is drawn in the system's button colour, so they keep their shape.
const variants: Record<ButtonVariant, string> = {
  primary: 'border-2 border-transparent bg-primary text-on-primary hover:bg-primary-hover',
  secondary: 'border-2 border-primary bg-surface text-primary hover:bg-primary-soft',
  ghost: 'bg-transparent text-fg hover:bg-surface-3',
  danger: 'border-2 border-transparent bg-danger text-surface hover:opacity-90',
  link: 'bg-transparent text-primary underline underline-offset-4 hover:no-underline',
};

// Every size keeps the 44 px minimum touch target (min-h-11 is 2.75rem).
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-base',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-13 px-6 text-lg',
};

/** The class list of a button, for anything that must look like one (links included). */
export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean } = {},
): string {
  const { variant = 'primary', size = 'md', fullWidth = false } = options;
  return cn(base, variants[variant], sizes[size], fullWidth && 'w-full');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, sets aria-busy and blocks clicks while true. */
  loading?: boolean;
  /** Read by screen readers while loading (e.g. "Saving"); the visible label stays. */
  loadingLabel?: string;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    fullWidth,
    loading = false,
    loadingLabel,
    startIcon,
    endIcon,
    className,
    children,
    disabled,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClasses({ variant, size, fullWidth }), className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading ? <Spinner size="sm" label={loadingLabel} /> : startIcon}
      {children}
      {endIcon}
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Required: the accessible name of a button that shows only an icon. */
  'aria-label': string;
  icon: ReactNode;
  variant?: ButtonVariant;
  /** Optional visible count (e.g. cart items) drawn over the icon. */
  badge?: ReactNode;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, variant = 'ghost', badge, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClasses({ variant, size: 'md' }), 'relative min-w-11 px-0', className)}
      {...rest}
    >
      <span aria-hidden="true" className="inline-flex">
        {icon}
      </span>
      {badge}
    </button>
  );
});

type PolymorphicProps<C extends ElementType, Own> = Own &
  Omit<ComponentPropsWithoutRef<C>, keyof Own | 'as'> & { as?: C };

/**
 * A link that looks like a button. `as` takes the router's link component (react-router's
 * `Link` with `to`), and defaults to a plain `<a href>`.
 */
export function LinkButton<C extends ElementType = 'a'>({
  as,
  variant,
  size,
  fullWidth,
  className,
  ...rest
}: PolymorphicProps<C, { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean }>) {
  const Component: ElementType = as ?? 'a';
  return (
    <Component className={cn(buttonClasses({ variant, size, fullWidth }), className)} {...rest} />
  );
}
