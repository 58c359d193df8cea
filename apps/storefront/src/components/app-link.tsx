import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';
import { usePrefetch } from '../lib/prefetch-context';
import { whenIdle } from '../lib/prefetch';
import { useLocalizePath } from '../lib/use-locale';

export type AppLinkProps = Omit<ComponentPropsWithoutRef<typeof Link>, 'to' | 'prefetch'> & {
  /** A path without locale prefix (`/catalog?sort=price-asc`); it is localized for the page. */
  to: string;
  /** Prefetch when the link is in view (default; once the page is idle) or only on hover and focus. */
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
    let cancelWarm = () => {};
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        // Once the page has loaded and the browser is idle: never ahead of this page's own work.
        cancelWarm = whenIdle(() => warm(href.split(/[?#]/)[0] ?? href));
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelWarm();
    };
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
