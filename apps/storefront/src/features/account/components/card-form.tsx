import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cardInputSchema, type CardType } from '@otc/sdk';
import { Button, Notice } from '@otc/ui';
import { CardFields, useCardTypeLabels } from '../../../components/card-fields';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useAddCardMutation } from '../account-api';
import { callError, formFailureText } from '../form-result';
import { useSuccessNotice } from '../use-saved-notice';

const EMPTY = { type: 'network' as CardType, number: '', code: '' };

/**
 * Adds a benefit or insurance card: its type, number and security code, checked per type by the
 * SDK's `cardInputSchema` (16 or 19 digits, 16 or 17 for S3). The issuer's answers
 * (`card_number_or_code_is_not_correct`, `card_already_in_system`) are shown above the form;
 * what was typed stays.
 */
export function CardForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const labels = useCardTypeLabels();
  const [add, { isLoading }] = useAddCardMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm(cardInputSchema, { defaultValues: EMPTY });

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    const error = callError(await add({ locale, body: values }));
    if (error) {
      setFailure(formFailureText(locale, error, form.applyServerErrors));
      return;
    }
    notice(t`Card is added`, labels[values.type]);
    form.reset(EMPTY);
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure ? (
        <Notice tone="error" title={t`The card was not added`}>
          {failure}
        </Notice>
      ) : null}
      <CardFields form={form} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isLoading} loadingLabel={t`Adding`}>
          <Trans>Add card</Trans>
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}
