import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TokenPair } from '@otc/sdk';
import { useAppDispatch } from '../../app/hooks';
import { signInTarget } from '../../app/guards';
import { signInWith } from '../../app/session-slice';
import { useGetSettingsQuery } from '../../app/settings-api';
import { customerApi } from '../../app/customer-api';
import { DEFAULT_LOCALE, isLocale, localizePath, switchLocaleHref } from '../../lib/locale';
import { useLocale } from '../../lib/use-locale';

/** Where this sign-in leads: the saved `redirect` (path and query) or the configured default. */
export function useSignInTarget(): string {
  const locale = useLocale();
  const [search] = useSearchParams();
  const { data: settings } = useGetSettingsQuery();
  return signInTarget(search.get('redirect'), settings?.defaultLoginRedirect, locale);
}

/**
 * Finishes any sign-in (code, password, registration, recovery): the store signs in and merges
 * the guest cart (the `signInWith` thunk), then the visitor goes where the sign-in leads, in the
 * customer's interface language when they chose one that is not the page's (a Spanish-speaking
 * customer who signs in on an English page continues in Spanish); an account left at the default
 * (English) keeps the page's language. If the profile cannot be read, the page's language stays.
 */
export function useFinishSignIn(): (pair: TokenPair) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const locale = useLocale();
  const target = useSignInTarget();
  return useCallback(
    async (pair: TokenPair) => {
      await dispatch(signInWith(pair, locale));
      let destination = target;
      const me = dispatch(customerApi.endpoints.getMe.initiate());
      try {
        const language = (await me).data?.interfaceLanguage;
        // English is every account's default, so it says nothing about the customer: it never
        // takes away the Spanish the visitor is reading. A language the customer chose does.
        if (isLocale(language) && language !== locale && language !== DEFAULT_LOCALE) {
          const url = new URL(target, 'http://shop.invalid');
          destination = switchLocaleHref({ pathname: url.pathname, search: url.search, hash: url.hash }, language);
        }
      } finally {
        me.unsubscribe();
      }
      await navigate(destination, { replace: true });
    },
    [dispatch, navigate, locale, target],
  );
}

/**
 * A link to another sign-in page (password, code, sign-up, recovery) in the page's language that
 * keeps the saved `redirect`, so switching the way of signing in never loses where it leads.
 */
export function useAuthHref(): (path: string) => string {
  const locale = useLocale();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  return useCallback(
    (path: string) => {
      const href = localizePath(path, locale);
      return redirect ? `${href}?${new URLSearchParams({ redirect }).toString()}` : href;
    },
    [locale, redirect],
  );
}
