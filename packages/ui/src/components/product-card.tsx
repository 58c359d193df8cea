import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';
import { CircleCheck, CircleSlash } from '../icons';
import { cn } from '../cn';
import { Price } from './price';

export interface CoverageMarkProps {
  /** Whether the shopper's health plan covers the item. */
  covered: boolean;
  /** The words ("Covered by your plan", "Not covered"): the mark never speaks by colour alone. */
  children: ReactNode;
  className?: string;
}

/**
 * Whether the shopper's plan covers an item: an icon (a tick, or a slashed circle) and words,
 * on a tinted pill with a visible edge. Text contrast >= 4.5:1 in both colour modes (success on
 * success-soft, fg on surface-3); in forced colours the edge and the icon keep their shape in the
 * system's text colour.
 */
export function CoverageMark({ covered, children, className }: CoverageMarkProps) {
  const Icon = covered ? CircleCheck : CircleSlash;
  return (
    <span
      data-covered={covered ? 'true' : 'false'}
      className={cn(
        'inline-flex items-center gap-1 rounded-lg border px-2 py-0.5 text-sm leading-snug font-semibold',
        covered
          ? 'border-success bg-success-soft text-success'
          : 'border-field-border border-dashed bg-surface-3 text-fg',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" strokeWidth={2.5} />
      <span>{children}</span>
    </span>
  );
}

export interface ProductCardImage {
  src: string;
  width: number;
  height: number;
  /** Usually empty: the product name next to it already says what it shows. */
  alt?: string;
  /**
   * A picture in the first screenful (likely the page's largest paint): loaded at once with high
   * priority instead of lazily.
   */
  priority?: boolean;
}

export type ProductCardProps<C extends ElementType = 'a'> = {
  name: string;
  /** Formatted price (SDK `formatPrice`). */
  price: string;
  image?: ProductCardImage;
  /** Shown when there is no image. */
  imageFallback?: ReactNode;
  manufacturer?: ReactNode;
  /** Badges such as "Out of stock" or "Not available". */
  flags?: ReactNode;
  /**
   * Whether the shopper's plan covers the item: a `CoverageMark`, and where it is not covered a
   * link to why. Drawn above the name's link cover, so its own links can be clicked.
   */
  coverage?: ReactNode;
  /** Add-to-cart button, stepper or favourite toggle. */
  action?: ReactNode;
  /** Link component (react-router `Link`); defaults to `<a>`. */
  linkAs?: C;
  /** Props of the link: `href` for `<a>`, `to` for a router link. */
  linkProps: Omit<ComponentPropsWithoutRef<C>, 'children' | 'className'>;
  headingLevel?: 2 | 3;
  className?: string;
};

/** A product tile: image and name link to the product page; the action stays outside the link. */
export function ProductCard<C extends ElementType = 'a'>({
  name,
  price,
  image,
  imageFallback,
  manufacturer,
  flags,
  coverage,
  action,
  linkAs,
  linkProps,
  headingLevel = 3,
  className,
}: ProductCardProps<C>) {
  const LinkComponent: ElementType = linkAs ?? 'a';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={cn(
        // A size container: content (names, the action) can adapt to the narrowest phone cards.
        '@container relative flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-3 shadow-sm',
        className,
      )}
    >
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-picture">
        {image ? (
          <img
            src={image.src}
            width={image.width}
            height={image.height}
            alt={image.alt ?? ''}
            loading={image.priority ? 'eager' : 'lazy'}
            fetchPriority={image.priority ? 'high' : undefined}
            decoding="async"
            className="h-full w-full object-contain"
          />
        ) : (
          imageFallback
        )}
      </div>
      {flags ? <div className="flex flex-wrap gap-1">{flags}</div> : null}
      {coverage ? (
        <div className="relative z-10 flex flex-wrap items-center gap-x-2 gap-y-1 self-start">
          {coverage}
        </div>
      ) : null}
      {/*
        The name's link covers the card (its ::after); its focus ring is that cover's outline, not a
        box-shadow, so forced colours (which drop shadows) still show it around the whole card.
      */}
      <Heading className="text-base leading-snug font-semibold @max-[9.5rem]:text-sm">
        <LinkComponent
          {...linkProps}
          className="after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-focus"
        >
          {name}
        </LinkComponent>
      </Heading>
      {manufacturer ? <p className="text-sm text-muted">{manufacturer}</p> : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <Price value={price} />
        {action ? <div className="relative z-10">{action}</div> : null}
      </div>
    </article>
  );
}
