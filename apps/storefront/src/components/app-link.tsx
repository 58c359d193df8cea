import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';
import { usePrefetch } from '../lib/prefetch-context';
import { useLocalizePath } from '../lib/use-locale';

export type AppLinkProps = Omit<ComponentPropsWithoutRef<typeof Link>, 'to' | 'prefetch'> & {
  /** A path without locale prefix (`/catalog?sort=price-asc`); it is localized for the page. */
  to: string;
  /** Prefetch when the link scrolls into view (default) or only on hover and focus. */
  prefetch?: 'visible' | 'intent' | 'none';
};

/** A router link in the page's language whose route module is fetched ahead of the click. */
export function AppLink({ to, prefetch = 'visible', onMouseEnter, onFocus, ...rest }: AppLinkProps) {
  const localize = useLocalizePath();
  const href = localize(to);
  const warm = usePrefetch();
  const ref = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (prefetch !== 'visible' || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        warm(href.split(/[?#]/)[0] ?? href);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [href, prefetch, warm]);

  const onIntent = () => {
    if (prefetch !== 'none') warm(href.split(/[?#]/)[0] ?? href);
  };

  return (
    <Link
      ref={ref}
      to={href}
      onMouseEnter={(event) => {
        onIntent();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        onIntent();
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
