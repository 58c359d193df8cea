import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Controller } from 'react-hook-form';
import { Form, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { customerPatchSchema } from '@otc/sdk';
import {
  Button,
  Checkbox,
  DateOfBirthFields,
  LiveMessage,
  Notice,
  Select,
  TextField,
  type DateOfBirthFieldsHandle,
  type DateOfBirthValue,
} from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { localeOfPath } from '../../../lib/locale';
import {
  CsrfField,
  formFailure,
  parsePosted,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { accountApi, type Customer, type CustomerPatch } from '../account-api';
import { formFailureText } from '../form-result';
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

/** The form's `intent` on the account page's action. */
export const PROFILE_INTENT = 'profile';

const TEXTS = ['firstName', 'middleName', 'lastName', 'organization'] as const;
const CHOICES = [
  'gender',
  'interfaceLanguage',
  'preferredCommunicationLanguage',
  'preferredCommunicationMethod',
] as const;
const BIRTH_PARTS = ['birthdate-month', 'birthdate-day', 'birthdate-year'] as const;
const TICKS = ['sendNotificationByEmail', 'sendNotificationByPhone', 'isMarketingEnabled'] as const;
type Typed = Partial<
  Record<
    | (typeof TEXTS)[number]
    | (typeof CHOICES)[number]
    | (typeof BIRTH_PARTS)[number]
    | (typeof TICKS)[number],
    string
  >
>;

/** What the profile's post answers when saved (a refusal is a `FormFailure` with the intent). */
interface ProfileSaved {
  intent: typeof PROFILE_INTENT;
  saved: Customer;
}

/** The post as the form's values: empty choices as null, the date's three parts as one, ticks as booleans. */
function patchOf(typed: Typed): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const name of TEXTS) patch[name] = typed[name] ?? '';
  for (const name of CHOICES) patch[name] = emptyToNull(typed[name] ?? '');
  patch.birthdate = birthdateOf({
    month: typed['birthdate-month'] ?? '',
    day: typed['birthdate-day'] ?? '',
    year: typed['birthdate-year'] ?? '',
  });
  for (const name of TICKS) patch[name] = typed[name] === 'on';
  return patch;
}

/**
 * The profile's post (intent `profile` on the account page's action), on the server for a form
 * sent without the scripts and here with them: checked by the contract's schema, saved with the
 * PATCH; or the refusal with what was typed.
 */
export async function profileAction(args: ActionFunctionArgs) {
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const posted = await args.request.formData();
  const typed: Typed = { ...textFields(posted, [...TEXTS, ...CHOICES, ...BIRTH_PARTS]) };
  // A tick not ticked is not posted.
  for (const name of TICKS) typed[name] = posted.has(name) ? 'on' : '';
  const more = { intent: PROFILE_INTENT };
  const checked = parsePosted<CustomerPatch>(customerPatchSchema, patchOf(typed));
  if ('error' in checked) return formFailure<Typed, typeof more>(typed, checked.error, more);
  const result = await storeOf(args).dispatch(
    accountApi.endpoints.updateCustomer.initiate({ locale, patch: checked.data }),
  );
  if (result.error) return formFailure<Typed, typeof more>(typed, result.error, more);
  return { intent: PROFILE_INTENT, saved: result.data } satisfies ProfileSaved;
}

/** The values a refused post is drawn again with (what was typed), over the saved profile. */
function typedValues(customer: Customer, typed: Typed | undefined): CustomerPatch {
  const saved = profileValues(customer);
  if (!typed) return saved;
  return { ...saved, ...(patchOf(typed) as CustomerPatch) };
}

/**
 * Name parts, gender, date of birth, organization, languages, the preferred way to reach the
 * customer and the marketing and notification choices: checked with the SDK's
 * `customerPatchSchema`, saved with one PATCH ("Changes are saved").
 */
export function ProfileForm({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const locale = useLocale();
  const saved = useSuccessNotice();
  const navigation = useNavigation();
  const answer = useActionData<
    ProfileSaved | (FormFailure<Typed> & { intent?: string }) | undefined
  >();
  const mine = answer?.intent === PROFILE_INTENT ? answer : undefined;
  const refused = mine && 'error' in mine ? mine : undefined;
  const done = mine && 'saved' in mine ? mine : undefined;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === PROFILE_INTENT;
  // Drawn by the server after a refused post: what was typed; else the saved profile.
  const [defaults] = useState(() => typedValues(customer, refused?.values));
  const form = useShopForm(customerPatchSchema, {
    defaultValues: defaults,
    serverError: refused?.error,
  });
  const { register, control, field, fieldError, applyServerErrors, reset } = form;
  const months = useMemo(() => monthNames(locale), [locale]);
  const [failure, setFailure] = useState<string | null>(() =>
    refused && !Object.keys(refused.error.fieldCodes ?? {}).length
      ? formFailureText(locale, refused.error, () => false)
      : null,
  );

  // The answer the page was first drawn with (by the server, after a post sent without the
  // scripts) is said in the page; one of a post made here is a notification.
  const [drawnWith] = useState(answer);
  // The answer of a post made here: saved (the form takes the saved values, the notice), or refused.
  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (done) {
      setFailure(null);
      reset(profileValues(done.saved));
      saved(t`Changes are saved`);
    } else if (refused) {
      setFailure(formFailureText(locale, refused.error, applyServerErrors));
    }
  }, [answer, done, refused, reset, saved, t, locale, applyServerErrors]);

  // Checked here first; a form that passes goes to the page's action.
  const onSubmit = useCheckedPost((post) => {
    setFailure(null);
    return form.submit(post);
  });

  // Each language's name in that language (an autonym), marked with it (WCAG 3.1.2).
  const languageOptions = [
    { value: 'en', label: 'English', lang: 'en' },
    { value: 'es', label: 'Español', lang: 'es' },
  ];

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <CsrfField />
      <LiveMessage message={form.spoken} />
      <input type="hidden" name="intent" value={PROFILE_INTENT} />
      {done && answer === drawnWith ? <Notice tone="success" title={t`Changes are saved`} /> : null}
      {failure ? (
        <Notice tone="error" title={t`Your changes were not saved`}>
          {failure}
        </Notice>
      ) : null}
      <AccountSection id="profile-personal" title={<Trans>Personal information</Trans>}>
        <div className="grid gap-5 @2xl:grid-cols-3">
          {/* defaultValue in the markup too: the server draws what was typed (or saved). */}
          <TextField
            label={t`First name`}
            autoComplete="given-name"
            {...field('firstName')}
            defaultValue={defaults.firstName ?? ''}
          />
          <TextField
            label={t`Middle name (optional)`}
            autoComplete="additional-name"
            {...field('middleName')}
            defaultValue={defaults.middleName ?? ''}
          />
          <TextField
            label={t`Last name`}
            autoComplete="family-name"
            {...field('lastName')}
            defaultValue={defaults.lastName ?? ''}
          />
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
            defaultValue={defaults.gender ?? ''}
            error={fieldError('gender')}
          />
          <TextField
            label={t`Organization (optional)`}
            autoComplete="organization"
            {...field('organization')}
            defaultValue={defaults.organization ?? ''}
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
            defaultValue={defaults.interfaceLanguage ?? ''}
            error={fieldError('interfaceLanguage')}
          />
          <Select
            label={t`Preferred language for messages`}
            placeholder={t`Not chosen`}
            options={languageOptions}
            {...register('preferredCommunicationLanguage', { setValueAs: emptyToNull })}
            defaultValue={defaults.preferredCommunicationLanguage ?? ''}
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
            defaultValue={defaults.preferredCommunicationMethod ?? ''}
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
            defaultChecked={Boolean(defaults.sendNotificationByEmail)}
          />
          <Checkbox
            label={t`Order and account notifications by text message`}
            {...register('sendNotificationByPhone')}
            defaultChecked={Boolean(defaults.sendNotificationByPhone)}
          />
          <Checkbox
            label={t`News and offers (marketing)`}
            hint={t`You can stop them at any time.`}
            {...register('isMarketingEnabled')}
            defaultChecked={Boolean(defaults.isMarketingEnabled)}
          />
        </fieldset>
      </AccountSection>

      <div>
        <Button type="submit" size="lg" loading={busy} loadingLabel={t`Saving`}>
          <Trans>Save changes</Trans>
        </Button>
      </div>
    </Form>
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
