import { LOCALES, switchLocaleHref } from '../lib/locale';
import { usePageUrl } from '../lib/site-origin';

/**
 * The page's canonical address and its `hreflang` alternates, as the sitemap names them
 * (`en`, `es`, `x-default`). React 19 hoists <link> into <head>; the server writes them there.
 */
export function AlternateLinks() {
  const canonical = new URL(usePageUrl());
  const href = (locale: (typeof LOCALES)[number]) =>
    `${canonical.origin}${switchLocaleHref({ pathname: canonical.pathname, search: canonical.search }, locale)}`;
  return (
    <>
      <link rel="canonical" href={canonical.toString()} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={href(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href('en')} />
    </>
  );
}
