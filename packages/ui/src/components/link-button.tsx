import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { cn } from '../cn';

// A button's look apart from the button (button.tsx): links that look like one are on every page,
// the button with its busy state mostly on pages of their own.

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
