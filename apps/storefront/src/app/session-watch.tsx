// Session rules that act on the page on screen (rendered once, in the layout):
// - the session ended (refresh failed, sign-out in another tab): the page's loaders run again, so
//   a protected page sends the visitor to /login with `redirect` (src/kernel/guards.ts requireSession);
// - an incomplete profile (settings' requiredProfileFields) is sent, 500 ms after the page
//   settles, to /account/complete?fields=a,b&continue=/path (the SDK's profileCompletionPath).
import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate, useRevalidator } from 'react-router';
import {
  DEFAULT_REQUIRED_PROFILE_FIELDS,
  REDIRECT_DEBOUNCE_MS,
  missingProfileFields,
  profileCompletionPath,
} from '@otc/sdk';
import { useLocale } from '../lib/use-locale';
import { useCustomer } from '../kernel/customer-api';
import { useAppSelector } from '../kernel/hooks';
import { isRouteHandle } from '../kernel/route-handle';
import { selectSignedIn } from '../kernel/session-slice';
import { useGetSettingsQuery } from '../kernel/settings-api';

/** Pages a customer may open with an incomplete profile (the completion page, signing in or out, the shop's texts). */
export const COMPLETION_EXEMPT = new Set([
  'account-complete',
  'logout',
  'login',
  'login-password',
  'login-phone',
  'login-recovery',
  'sign-up',
  'about-us',
  'terms-of-use',
  'privacy-policy',
  'return-policy',
  'contacts',
  'items-eligibility',
  'not-found',
]);

function usePageName(): string | undefined {
  return useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.name;
}

/** On sign-out (any cause), re-runs the loaders: a login-required page redirects to /login. */
function useLeaveProtectedPageOnSignOut(): void {
  const signedIn = useAppSelector(selectSignedIn);
  const { revalidate } = useRevalidator();
  const previous = useRef(signedIn);
  useEffect(() => {
    if (previous.current && !signedIn) void revalidate();
    previous.current = signedIn;
  }, [signedIn, revalidate]);
}

/** An incomplete profile goes to the completion page (debounced: 500 ms after the last change). */
function useProfileCompletionRedirect(): void {
  const { customer } = useCustomer();
  const { data: settings, isError: noSettings } = useGetSettingsQuery();
  // Settings that cannot be read do not switch the rule off: the SDK's default fields apply.
  const required = settings?.requiredProfileFields ?? (noSettings ? DEFAULT_REQUIRED_PROFILE_FIELDS : undefined);
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const page = usePageName();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const missing = customer && required ? missingProfileFields(customer, required) : [];
  const missingKey = missing.join(',');

  useEffect(() => {
    if (!missingKey || !page || COMPLETION_EXEMPT.has(page)) return;
    const timer = setTimeout(() => {
      void navigate(profileCompletionPath(missingKey.split(','), here, { locale }), { replace: true });
    }, REDIRECT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [missingKey, page, here, locale, navigate]);
}

export function SessionWatch(): null {
  useLeaveProtectedPageOnSignOut();
  useProfileCompletionRedirect();
  return null;
}
