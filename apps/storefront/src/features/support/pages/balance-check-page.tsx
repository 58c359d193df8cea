import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangle, WalletCards } from 'lucide-react';
import { CARD_TYPES, formatDate, formatPrice, type CardType } from '@otc/sdk';
import { rule } from '@otc/sdk/validation';
import { Button, Container, RadioGroup, TextField } from '@otc/ui';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { fieldBinder } from '../../../lib/field-binding';
import { useFormValidation } from '../../../lib/use-form-validation';
import { useLocale } from '../../../lib/use-locale';
import { useCheckBalanceMutation } from '../support-api';

type Field = 'number' | 'code';

export function Component() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [type, setType] = useState<CardType>('network');
  const [values, setValues] = useState<Record<Field, string>>({ number: '', code: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [check, { data, isLoading, reset: resetAnswer }] = useCheckBalanceMutation();
  const rules = { number: [rule.required, rule.cardNumber(type)], code: [rule.required] };
  const form = useFormValidation(values, rules);

  const typeLabels: Record<CardType, string> = {
    network: t`Network benefit card`,
    national: t`National benefit card`,
    s3: t`S3 benefit card`,
  };

  const bind = fieldBinder(i18n, form, values, setValues);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    resetAnswer();
    const found = form.validateAll();
    if (found.number || found.code) {
      document.getElementById(found.number ? 'balance-number' : 'balance-code')?.focus();
      return;
    }
    const result = await check({ type, number: values.number.trim(), code: values.code.trim() });
    if ('error' in result && result.error) {
      const error = result.error as SdkQueryError;
      const fieldErrors = error.fieldErrors ?? {};
      const known = (['number', 'code'] as const).filter((field) => fieldErrors[field]);
      if (known.length > 0)
        form.setServerErrors(Object.fromEntries(known.map((f) => [f, fieldErrors[f]])));
      setFailure(apiErrorText(i18n, error));
    }
  }

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
          <RadioGroup
            legend={t`Card type`}
            name="type"
            value={type}
            onChange={(value) => {
              setType(value as CardType);
              resetAnswer();
              form.onChange('number');
            }}
            options={CARD_TYPES.map((value) => ({ value, label: typeLabels[value] }))}
          />
          <TextField
            id="balance-number"
            label={t`Card number`}
            hint={
              type === 's3'
                ? t`16 or 17 digits, spaces are fine`
                : t`16 or 19 digits, spaces are fine`
            }
            inputMode="numeric"
            autoComplete="off"
            requiredMark="*"
            required
            {...bind('number')}
          />
          <TextField
            id="balance-code"
            label={t`Security code`}
            hint={t`3 or 4 digits on the back of the card`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            requiredMark="*"
            required
            className="max-w-48"
            {...bind('code')}
          />
          <div>
            <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Checking`}>
              <Trans>Check balance</Trans>
            </Button>
          </div>
        </form>

        <div aria-live="polite" className="mt-6">
          {failure ? (
            <div
              role="alert"
              className="flex gap-3 rounded-xl border-2 border-danger bg-danger-soft p-4"
            >
              <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-danger" />
              <p className="font-semibold">{failure}</p>
            </div>
          ) : null}
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
