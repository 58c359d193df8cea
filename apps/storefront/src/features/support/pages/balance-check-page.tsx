import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { WalletCards } from 'lucide-react';
import {
  balanceCheckInputSchema,
  cardNumberInRanges,
  formatDate,
  formatPrice,
  type CardType,
} from '@otc/sdk';
import { Button, Container, LiveMessage } from '@otc/ui';
import { CardFields, useCardTypeLabels } from '../../../components/card-fields';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { FailureNotice } from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { useCheckBalanceMutation } from '../support-api';

const EMPTY = { type: 'network' as CardType, number: '', code: '' };

/**
 * The quick balance check (guests too): card type, number and security code, checked per type
 * with the SDK's `balanceCheckInputSchema` through `useShopForm`; the answer is the balance and
 * the end of the allowance period. The daily limit and the automated-activity rejection are the
 * catalogue's texts; what was typed stays.
 *
 * The type comes from the number (issue 33): once its first digits are in one issuer range (the
 * settings' `cardRanges`) that type is chosen, and a type picked against the number is named
 * under it ("This is a Network benefit card number."), the number kept as typed.
 */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const [check, { data, isLoading, reset: resetAnswer }] = useCheckBalanceMutation();
  const ranges = useGetSettingsQuery().data?.cardRanges;
  const schema = useMemo(
    () => (ranges ? balanceCheckInputSchema.check(cardNumberInRanges(ranges)) : balanceCheckInputSchema),
    [ranges],
  );
  const form = useShopForm(schema, { defaultValues: EMPTY });
  const typeLabels = useCardTypeLabels();

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    resetAnswer();
    const result = await check({ body: values, locale });
    if ('error' in result && result.error) {
      const error = result.error as SdkQueryError;
      form.applyServerErrors(error);
      setFailure(apiErrorText(locale, error));
    }
  });

  const cardName = data ? typeLabels[data.type] : '';
  const last4 = data?.last4 ?? '';
  const periodEnd = data?.periodEndsAt
    ? formatDate(data.periodEndsAt, locale, { dateStyle: 'long' })
    : '';

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t`Check your balance`}</h1>
        <p className="mt-3 text-lg">
          <Trans>
            See how much allowance is left on your benefit card. You do not need to sign in. The
            numbers are printed on the card.
          </Trans>
        </p>

        <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
          <LiveMessage message={form.spoken} />
          <CardFields form={form} onTypeChange={resetAnswer} />
          <div>
            <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Checking`}>
              <Trans>Check balance</Trans>
            </Button>
          </div>
        </form>

        {/* The forms' one way to say a refusal (an alert of its own, not inside the answer's
            polite region, which would say it twice). */}
        {failure ? (
          <FailureNotice className="mt-6">
            <p className="font-semibold">{failure}</p>
          </FailureNotice>
        ) : null}
        <div aria-live="polite" className="mt-6">
          {data ? (
            <div className="flex gap-4 rounded-2xl border-2 border-success bg-success-soft p-5">
              <WalletCards aria-hidden="true" className="size-8 shrink-0 text-success" />
              <div className="text-lg">
                <p>
                  <Trans>
                    {cardName} ending in {last4}
                  </Trans>
                </p>
                <p className="text-3xl font-extrabold">{formatPrice(data.balance)}</p>
                <p>
                  {data.periodEndsAt ? (
                    <Trans>Available until {periodEnd}</Trans>
                  ) : (
                    <Trans>Your plan has not set an end date for this allowance period.</Trans>
                  )}
                </p>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </Container>
  );
}
