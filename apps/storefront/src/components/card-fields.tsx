import { useEffect } from 'react';
import { Controller, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { CARD_CODE_LENGTHS, CARD_TYPES, cardTypeOfNumber, type CardType } from '@otc/sdk';
import { useGetSettingsQuery } from '../kernel/settings-api';
import { RadioGroup, TextField } from '@otc/ui';

/** The card types' names in the page's language. */
export function useCardTypeLabels(): Record<CardType, string> {
  const { t } = useLingui();
  return {
    network: t`Network benefit card`,
    national: t`National benefit card`,
    s3: t`S3 benefit card`,
  };
}

/** What CardFields needs of a `useShopForm` over a schema with `type`, `number` and `code`. */
export interface CardFieldsForm {
  // Typed loosely: the forms' own values differ (the balance check adds a bot token).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<any>;
  watch: ((name: 'type') => CardType | undefined) & ((name: 'number') => string | undefined);
  getValues: (name: 'type') => CardType | undefined;
  setValue: (name: 'type', value: CardType, options: { shouldDirty: boolean }) => void;
  getFieldState: (name: 'number') => { isTouched: boolean };
  formState: { isSubmitted: boolean };
  trigger: (name: 'number') => Promise<boolean>;
  field: (name: 'number' | 'code') => UseFormRegisterReturn & { error?: string };
}

/**
 * A card's type, number and security code, as the account's "Add a card" and the balance check
 * ask them: the number's and the code's hints follow the type (16 or 17 digits and a code of 3 or
 * 4 for S3, else 16 or 19 and 3), and a number already looked at is checked again when the type
 * changes. The type follows the number (the issuers' ranges are the shop's settings, issue 33
 * item 2): typed or pasted, the number picks its type; a type picked afterwards stays picked
 * (and is named if wrong, by the form's schema or the API).
 */
export function CardFields({
  form,
  onTypeChange,
  numberDefault,
}: {
  form: CardFieldsForm;
  onTypeChange?: () => void;
  /** The number drawn in the markup (a form drawn by the server again after a refused post). */
  numberDefault?: string;
}) {
  const { t } = useLingui();
  const labels = useCardTypeLabels();
  const type = form.watch('type');
  const number = form.watch('number');
  const ranges = useGetSettingsQuery().data?.cardRanges;
  const { getValues, setValue } = form;
  // Only when the number (or the ranges) change: a type picked by hand after it is kept.
  useEffect(() => {
    const decided = ranges ? cardTypeOfNumber(number ?? '', ranges) : null;
    if (decided && decided !== getValues('type')) {
      setValue('type', decided, { shouldDirty: true });
      onTypeChange?.();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the number decides, not a new callback
  }, [number, ranges]);
  return (
    <>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <RadioGroup
            legend={t`Card type`}
            name={field.name}
            value={field.value ?? null}
            onChange={(value) => {
              field.onChange(value);
              onTypeChange?.();
              // The number's length depends on the type: check it again once it was looked at.
              if (form.getFieldState('number').isTouched || form.formState.isSubmitted) void form.trigger('number');
            }}
            options={CARD_TYPES.map((value) => ({ value, label: labels[value] }))}
          />
        )}
      />
      <TextField
        label={t`Card number`}
        hint={type === 's3' ? t`16 or 17 digits, spaces are fine` : t`16 or 19 digits, spaces are fine`}
        inputMode="numeric"
        autoComplete="off"
        requiredMark="*"
        required
        {...form.field('number')}
        {...(numberDefault !== undefined ? { defaultValue: numberDefault } : {})}
      />
      <TextField
        label={t`Security code`}
        hint={
          // The lengths of the chosen type (CARD_CODE_LENGTHS): network and national 3, S3 3 or 4.
          type && CARD_CODE_LENGTHS[type].length === 1
            ? t`${CARD_CODE_LENGTHS[type][0]} digits on the back of the card`
            : t`3 or 4 digits on the back of the card`
        }
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        requiredMark="*"
        required
        className="max-w-48"
        {...form.field('code')}
      />
    </>
  );
}
