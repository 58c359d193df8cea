import { useLocation } from 'react-router';
import { LOCALE_TAGS, LOCALES, switchLocaleHref } from '../lib/locale';

/** `hreflang` alternates of the current page (React 19 hoists <link> into <head>). */
export function AlternateLinks() {
  const location = useLocation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const href = (locale: (typeof LOCALES)[number]) =>
    `${origin}${switchLocaleHref({ pathname: location.pathname, search: location.search }, locale)}`;
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={LOCALE_TAGS[locale]} href={href(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href('en')} />
    </>
  );
}
