import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';
import { cn } from '../cn';
import { Price } from './price';

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
  /** Badges such as "Out of stock" or "Not covered by your plan". */
  flags?: ReactNode;
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
        '@container relative flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-3 shadow-sm focus-within:ring-3 focus-within:ring-focus',
        className,
      )}
    >
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-white">
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
      <Heading className="text-base leading-snug font-semibold @max-[9.5rem]:text-sm">
        <LinkComponent
          {...linkProps}
          className="after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none"
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
