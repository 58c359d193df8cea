import type { ElementType, HTMLAttributes } from 'react';
import { cn } from '../cn';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  width?: 'narrow' | 'default' | 'wide';
}

const widths = { narrow: 'max-w-2xl', default: 'max-w-6xl', wide: 'max-w-7xl' };

/** Centred page column with side padding that never lets content touch the screen edge. */
export function Container({ as: Component = 'div', width = 'default', className, ...rest }: ContainerProps) {
  return <Component className={cn('mx-auto w-full px-4 sm:px-6', widths[width], className)} {...rest} />;
}

export interface StackProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
  direction?: 'column' | 'row';
  gap?: 1 | 2 | 3 | 4 | 6 | 8;
  align?: 'start' | 'center' | 'end' | 'stretch';
  wrap?: boolean;
}

const gaps = { 1: 'gap-1', 2: 'gap-2', 3: 'gap-3', 4: 'gap-4', 6: 'gap-6', 8: 'gap-8' };
const aligns = { start: 'items-start', center: 'items-center', end: 'items-end', stretch: 'items-stretch' };

export function Stack({
  as: Component = 'div',
  direction = 'column',
  gap = 4,
  align,
  wrap = false,
  className,
  ...rest
}: StackProps) {
  return (
    <Component
      className={cn(
        'flex',
        direction === 'column' ? 'flex-col' : 'flex-row',
        gaps[gap],
        align && aligns[align],
        wrap && 'flex-wrap',
        className,
      )}
      {...rest}
    />
  );
}
