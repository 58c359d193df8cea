import type { Dispatch, SetStateAction } from 'react';
import type { I18n } from '@lingui/core';
import { fieldErrorText, validationText } from './form-messages';
import type { useFormValidation } from './use-form-validation';

type Form<K extends string> = ReturnType<typeof useFormValidation<K>>;

/**
 * The props a text field of a validated form needs: its value, its translated error (the API's
 * 422 message first, else the SDK validator's), and the blur and change handlers that keep the
 * typed value and re-check the field.
 */
export function fieldBinder<K extends string>(
  i18n: I18n,
  form: Form<K>,
  values: Readonly<Record<K, string>>,
  setValues: Dispatch<SetStateAction<Record<K, string>>>,
) {
  const errorOf = (field: K): string | undefined => {
    const server = form.serverErrors[field];
    if (server) return fieldErrorText(i18n, server);
    const found = form.errors[field];
    return found ? validationText(i18n, found.code) : undefined;
  };

  return (field: K) => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    onBlur: () => form.onBlur(field),
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((previous) => ({ ...previous, [field]: value }));
      form.onChange(field);
    },
  });
}
