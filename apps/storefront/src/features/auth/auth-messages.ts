// What a failed sign-in call says to a person. Texts come from the SDK's error catalogue by code
// (apiErrorText); the spec's two sign-in messages that are not API codes ("Failed to request
// authentication code", "Error initializing the sign in process.") are the page's own, chosen by
// code and status too. Nothing here reads an error's text.
import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { errorText } from '@otc/sdk';
import type { SdkQueryError } from '../../lib/api';
import { apiErrorText } from '../../lib/form-messages';
import type { CodeRequestError } from './auth-api';
import { useLocale } from '../../lib/use-locale';

/** A failure as a notice shows it. */
export interface Problem {
  /** The catalogue code, when there is one (`account_not_found`, `limitReached`, ...). */
  code?: string;
  title: string;
  description?: string;
}

/** No answer arrived, or the server failed: the sign-in could not start. */
function couldNotStart(error: SdkQueryError): boolean {
  return error.status === 'FETCH_ERROR' || error.status >= 500;
}

export function useAuthMessages() {
  const { t } = useLingui();
  const locale = useLocale();

  /** Asking for a one-time code failed (sign-in, registration, recovery, or a new code). */
  const codeRequestProblem = useCallback(
    (error: SdkQueryError): Problem => {
      if (error.status === 'FETCH_ERROR') {
        return {
          code: error.code,
          title: t`Error initializing the sign in process.`,
          description: apiErrorText(locale, error),
        };
      }
      if (error.code === 'code_request_failed' || error.status >= 500) {
        return {
          code: error.code,
          title: t`Failed to request authentication code`,
          description: t`Please try again or contact support`,
        };
      }
      const wait = (error as CodeRequestError).retryAfterSeconds;
      if (error.code === 'resend_too_soon' && wait) {
        // The catalogue's text, with the seconds the API named.
        return { code: error.code, title: errorText('resend_too_soon', locale, { seconds: wait }) };
      }
      return { code: error.code, title: apiErrorText(locale, error) };
    },
    [locale, t],
  );

  /** Signing in (a code, a password, a registration, a recovery) failed. */
  const signInProblem = useCallback(
    (error: SdkQueryError): Problem => {
      if (couldNotStart(error)) {
        return {
          code: error.code,
          title: t`Error initializing the sign in process.`,
          description:
            error.status === 'FETCH_ERROR' ? apiErrorText(locale, error) : t`Please try again or contact support`,
        };
      }
      return { code: error.code, title: apiErrorText(locale, error) };
    },
    [locale, t],
  );

  return { codeRequestProblem, signInProblem };
}
