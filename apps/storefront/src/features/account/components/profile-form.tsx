import { useMemo, useState, type Ref } from 'react';
import { Controller } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { customerPatchSchema } from '@otc/sdk';
import {
  Button,
  Checkbox,
  DateOfBirthFields,
  Notice,
  Select,
  TextField,
  type DateOfBirthFieldsHandle,
  type DateOfBirthValue,
} from '@otc/ui';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useUpdateCustomerMutation, type Customer, type CustomerPatch } from '../account-api';
import { callError, formFailureText } from '../form-result';
import { useSuccessNotice } from '../use-saved-notice';
import { AccountSection } from '../../../components/account-layout';
import { monthNames } from '../../../lib/month-names';

/** `YYYY-MM-DD` into the three boxes (month without a leading zero, as the month list has it). */
export function birthdateParts(value: string | null | undefined): DateOfBirthValue {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return { month: '', day: '', year: '' };
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}

/**
 * The three boxes as the API's `YYYY-MM-DD`: null when all are empty; a half-filled date stays
 * malformed on purpose, so the SDK's check says what is wrong.
 */
export function birthdateOf({ month, day, year }: DateOfBirthValue): string | null {
  if (!month && !day && !year) return null;
  const two = (part: string) => (part ? part.padStart(2, '0') : '');
  return `${year}-${two(month)}-${two(day)}`;
}

/** The profile as the form edits it (every editable field, nothing left undefined). */
function profileValues(customer: Customer): CustomerPatch {
  return {
    firstName: customer.firstName ?? '',
    middleName: customer.middleName ?? '',
    lastName: customer.lastName ?? '',
    gender: customer.gender,
    birthdate: customer.birthdate,
    organization: customer.organization ?? '',
    interfaceLanguage: customer.interfaceLanguage,
    preferredCommunicationLanguage: customer.preferredCommunicationLanguage,
    preferredCommunicationMethod: customer.preferredCommunicationMethod,
    isMarketingEnabled: customer.isMarketingEnabled,
    sendNotificationByEmail: customer.sendNotificationByEmail,
    sendNotificationByPhone: customer.sendNotificationByPhone,
  };
}

const emptyToNull = (value: unknown) => (value === '' ? null : value);

/**
 * Name parts, gender, date of birth, organization, languages, the preferred way to reach the
 * customer and the marketing and notification choices: checked with the SDK's
 * `customerPatchSchema`, saved with one PATCH ("Changes are saved").
 */
export function ProfileForm({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const locale = useLocale();
  const saved = useSuccessNotice();
  const [update, { isLoading }] = useUpdateCustomerMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm(customerPatchSchema, { defaultValues: profileValues(customer) });
  const { register, control, field, fieldError } = form;
  const months = useMemo(() => monthNames(locale), [locale]);

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    const result = await update({ locale, patch: values });
    const error = callError(result);
    if (error) {
      setFailure(formFailureText(locale, error, form.applyServerErrors));
      return;
    }
    if (result.data) form.reset(profileValues(result.data));
    saved(t`Changes are saved`);
  });

  // Each language's name in that language (an autonym), marked with it (WCAG 3.1.2).
  const languageOptions = [
    { value: 'en', label: 'English', lang: 'en' },
    { value: 'es', label: 'Español', lang: 'es' },
  ];

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      {failure ? (
        <Notice tone="error" title={t`Your changes were not saved`}>
          {failure}
        </Notice>
      ) : null}
      <AccountSection id="profile-personal" title={<Trans>Personal information</Trans>}>
        <div className="grid gap-5 @2xl:grid-cols-3">
          <TextField label={t`First name`} autoComplete="given-name" {...field('firstName')} />
          <TextField
            label={t`Middle name (optional)`}
            autoComplete="additional-name"
            {...field('middleName')}
          />
          <TextField label={t`Last name`} autoComplete="family-name" {...field('lastName')} />
        </div>
        <div className="grid gap-5 @lg:grid-cols-2">
          <Select
            label={t`Gender`}
            placeholder={t`Prefer not to say`}
            options={[
              { value: 'M', label: t`Male` },
              { value: 'F', label: t`Female` },
            ]}
            {...register('gender', { setValueAs: emptyToNull })}
            error={fieldError('gender')}
          />
          <TextField
            label={t`Organization (optional)`}
            autoComplete="organization"
            {...field('organization')}
          />
        </div>
        <Controller
          control={control}
          name="birthdate"
          render={({ field: birth }) => (
            <BirthdateField
              handle={birth.ref}
              value={birth.value as string | null | undefined}
              onChange={(next) => {
                birth.onChange(next);
                birth.onBlur();
              }}
              error={fieldError('birthdate')}
              legend={t`Date of birth`}
              hint={t`For example, March 7 1951`}
              monthLabel={t`Month`}
              dayLabel={t`Day`}
              yearLabel={t`Year`}
              monthPlaceholder={t`Month`}
              monthNames={months}
            />
          )}
        />
      </AccountSection>

      <AccountSection id="profile-language" title={<Trans>Language and contact preferences</Trans>}>
        <div className="grid gap-5 @lg:grid-cols-2">
          <Select
            label={t`Language of this website`}
            options={languageOptions}
            {...register('interfaceLanguage')}
            error={fieldError('interfaceLanguage')}
          />
          <Select
            label={t`Preferred language for messages`}
            placeholder={t`Not chosen`}
            options={languageOptions}
            {...register('preferredCommunicationLanguage', { setValueAs: emptyToNull })}
            error={fieldError('preferredCommunicationLanguage')}
          />
          <Select
            label={t`Preferred way to contact you`}
            placeholder={t`Not chosen`}
            options={[
              { value: 'email', label: t`E-mail` },
              { value: 'sms', label: t`Text message (SMS)` },
              { value: 'phone', label: t`Phone call` },
            ]}
            {...register('preferredCommunicationMethod', { setValueAs: emptyToNull })}
            error={fieldError('preferredCommunicationMethod')}
          />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-semibold">
            <Trans>Messages we may send you</Trans>
          </legend>
          <Checkbox
            label={t`Order and account notifications by e-mail`}
            {...register('sendNotificationByEmail')}
          />
          <Checkbox
            label={t`Order and account notifications by text message`}
            {...register('sendNotificationByPhone')}
          />
          <Checkbox
            label={t`News and offers (marketing)`}
            hint={t`You can stop them at any time.`}
            {...register('isMarketingEnabled')}
          />
        </fieldset>
      </AccountSection>

      <div>
        <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Saving`}>
          <Trans>Save changes</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The date of birth boxes over the form's one `birthdate` value; half-typed dates are kept. */
function BirthdateField({
  handle,
  value,
  onChange,
  ...rest
}: {
  /** The form's ref of the field: a refused save sends the focus to the first invalid part. */
  handle: Ref<DateOfBirthFieldsHandle>;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error: string | undefined;
  legend: string;
  hint: string;
  monthLabel: string;
  dayLabel: string;
  yearLabel: string;
  monthPlaceholder: string;
  monthNames: string[];
}) {
  const [parts, setParts] = useState(() => birthdateParts(value));
  // The form was reset to another date (saved, or the customer reloaded): follow it.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (birthdateOf(parts) !== (value ?? null)) setParts(birthdateParts(value));
  }
  return (
    <DateOfBirthFields
      ref={handle}
      name="birthdate"
      value={parts}
      onChange={(next) => {
        setParts(next);
        onChange(birthdateOf(next));
      }}
      {...rest}
    />
  );
}
