// What both steps of "Confirm it is you" (proof-choice.tsx, proof-code-step.tsx) share: the
// text of a failed proof call (a lock says how long to wait) and sending a code to the primary
// contact. Moved out of recent-proof.tsx so each step stands in its own file.
import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { resolveLocaleTag } from '@otc/sdk';
import { useGetSettingsQuery } from '../../kernel/settings-api';
import { apiErrorText } from '../../lib/form-messages';
import type { Locale } from '../../lib/locale';
import { useLocale } from '../../lib/use-locale';
import { useRequestProofCodeMutation, type WaitError } from './account-api';
import { callError } from './form-result';

/**
 * A wait in the page's language, in the largest whole unit that reads well ("45 seconds",
 * "3 minutes", "2 horas"), through Intl with the SDK's locale tags.
 */
export function waitText(seconds: number, locale: Locale): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 2 * 60 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(resolveLocaleTag(locale), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}

/** What a member reads for a failed proof call: the wait of a lock, else the catalogue's text. */
export function useProofFailureText() {
  const { t } = useLingui();
  const locale = useLocale();
  return useCallback(
    (error: WaitError): string => {
      if (error.code === 'too_many_requests' && error.retryAfterSeconds) {
        const wait = waitText(error.retryAfterSeconds, locale);
        return t`Too many tries. For your security, please wait ${wait} and try again.`;
      }
      return apiErrorText(locale, error);
    },
    [locale, t],
  );
}

/** Asks for a proof code; resolves with when another may be asked for, or sets the failure. */
export function useSendProofCode(onFailure: (text: string) => void) {
  const locale = useLocale();
  const failureText = useProofFailureText();
  const { data: settings } = useGetSettingsQuery();
  const [request, requesting] = useRequestProofCodeMutation();
  const send = useCallback(async (): Promise<number | null> => {
    const result = await request({ locale });
    const error = callError(result) as WaitError | undefined;
    if (error?.code === 'resend_too_soon') {
      // A code went out a moment ago and still works: type that one.
      return Date.now() + (error.retryAfterSeconds ?? settings?.codeResendSeconds ?? 60) * 1000;
    }
    if (error) {
      onFailure(failureText(error));
      return null;
    }
    return Date.now() + (result.data?.resendIn ?? settings?.codeResendSeconds ?? 60) * 1000;
  }, [request, locale, settings, failureText, onFailure]);
  return { send, sending: requesting.isLoading };
}
