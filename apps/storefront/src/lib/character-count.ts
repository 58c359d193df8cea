import { useLingui } from '@lingui/react/macro';

/**
 * A text field's character count and limit, so a long text is never cut silently: "120 of 4000
 * characters" under the field (it describes it), said as it changes once 90 % of the limit is
 * typed, and "limit reached" at the limit (the field takes no more).
 */
export function useCharacterCount(value: string | undefined, max: number) {
  const { t } = useLingui();
  const length = (value ?? '').length;
  const near = length >= Math.floor(max * 0.9);
  const counter =
    length >= max
      ? t`${length} of ${max} characters: the limit is reached`
      : t`${length} of ${max} characters`;
  return { counter, counterLive: near, maxLength: max };
}
