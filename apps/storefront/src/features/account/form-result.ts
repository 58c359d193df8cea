// What a form does with a failed call: a 422's field codes go under their fields; anything else
// (or a 422 about fields the form does not have) is one message for the whole form, in the
// page's language. What the person typed stays either way.
import type { SerializedError } from '@reduxjs/toolkit';
import type { SdkQueryError } from '../../lib/api';
import { apiErrorText } from '../../lib/form-messages';
import type { Locale } from '../../lib/locale';

export type CallResult<T> =
  { data: T; error?: undefined } | { data?: undefined; error: SdkQueryError | SerializedError };

/** The call's error as the SDK base query left it (undefined when it succeeded). */
export function callError<T>(result: CallResult<T>): SdkQueryError | undefined {
  return 'error' in result && result.error ? (result.error as SdkQueryError) : undefined;
}

/**
 * The text to show above a form after a failed call, or null when every problem went under a
 * field (`applyServerErrors` of `useShopForm`).
 */
export function formFailureText(
  locale: Locale,
  error: SdkQueryError,
  applyServerErrors: (error: SdkQueryError) => boolean,
): string | null {
  if (error.status === 422 && applyServerErrors(error)) return null;
  return apiErrorText(locale, error);
}
