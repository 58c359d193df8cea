import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useStore } from 'react-redux';
import {
  DEFAULT_REQUIRED_PROFILE_FIELDS,
  missingProfileFields,
  profileCompletionPath,
  type SignInAnswer,
} from '@otc/sdk';
import { signInTarget } from '../../kernel/guards';
import { signInWith } from '../../kernel/session-slice';
import { settingsApi } from '../../kernel/settings-api';
import { customerApi } from '../../kernel/customer-api';
import type { AppStore } from '../../kernel/store';
import {
  DEFAULT_LOCALE,
  isLocale,
  localizePath,
  switchLocaleHref,
  type Locale,
} from '../../lib/locale';
import { useLocale } from '../../lib/use-locale';

/**
 * Finishes any sign-in (code, password, registration, recovery), in a route action or a page: the
 * store signs in and reports the guest cart's merge (the `signInWith` thunk); answers where the
 * visitor goes: where the sign-in leads (`redirect` of `address`, or the configured default), in
 * the customer's interface language when they chose one that is not the page's (a
 * Spanish-speaking customer who signs in on an English page continues in Spanish); an account
 * left at the default (English) keeps the page's language. If the profile cannot be read, the
 * page's language stays.
 */
export async function finishSignIn(
  store: AppStore,
  answer: SignInAnswer,
  address: URL,
  locale: Locale,
): Promise<string> {
  await store.dispatch(signInWith(answer, locale));
  const settings = await store.dispatch(
    settingsApi.endpoints.getSettings.initiate(undefined, { subscribe: false }),
  );
  const target = signInTarget(
    address.searchParams.get('redirect'),
    settings.data?.defaultLoginRedirect,
    locale,
  );
  const me = await store.dispatch(
    customerApi.endpoints.getMe.initiate(undefined, { subscribe: false }),
  );
  const language = me.data?.interfaceLanguage;
  // English is every account's default, so it says nothing about the customer: it never takes
  // away the Spanish the visitor is reading. A language the customer chose does.
  const switched = isLocale(language) && language !== locale && language !== DEFAULT_LOCALE;
  const url = new URL(target, 'http://shop.invalid');
  const next = switched
    ? switchLocaleHref({ pathname: url.pathname, search: url.search, hash: url.hash }, language)
    : target;
  // A profile that misses what the shop requires goes to its completion first, straight from
  // here: not to the page, then 500 ms later away from it (the layout's rule, session-watch.tsx),
  // which without the scripts never came.
  const required = settings.data?.requiredProfileFields ?? DEFAULT_REQUIRED_PROFILE_FIELDS;
  const missing = me.data ? missingProfileFields(me.data, required) : [];
  if (missing.length === 0 || isCompletionExempt(next)) return next;
  return profileCompletionPath(missing, next, { locale: switched ? language : locale });
}

/** Where a sign-in may lead with an incomplete profile: the completion page itself, signing out. */
function isCompletionExempt(path: string): boolean {
  return /^(\/es)?\/(account\/complete|logout)(\/|\?|#|$)/.test(path);
}

/** `finishSignIn` from a page (the code steps): then the visitor is taken there. */
export function useFinishSignIn(): (answer: SignInAnswer) => Promise<void> {
  const store = useStore() as AppStore;
  const navigate = useNavigate();
  const location = useLocation();
  const locale = useLocale();
  return useCallback(
    async (answer: SignInAnswer) => {
      const address = new URL(`${location.pathname}${location.search}`, 'http://shop.invalid');
      await navigate(await finishSignIn(store, answer, address, locale), { replace: true });
    },
    [store, navigate, location, locale],
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
