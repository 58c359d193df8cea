// /account/complete?fields=firstName,birthdate&continue=/es/cart: the forced profile completion.
// It asks only for the missing fields (the `fields` list; without it, the settings' required
// fields the customer has not filled), saves them with the customer PATCH, then continues.
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  Form,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { customerPatchSchema, missingProfileFields, safeContinuePath, type Customer, type CustomerPatch } from '@otc/sdk';
import {
  Button,
  DateOfBirthFields,
  LiveMessage,
  RadioGroup,
  Skeleton,
  TextField,
  type DateOfBirthValue,
} from '@otc/ui';
import { customerApi, useCustomer } from '../../../kernel/customer-api';
import { storeOf } from '../../../kernel/route-context';
import { settingsApi, useGetSettingsQuery } from '../../../kernel/settings-api';
import { localeOfPath, localizePath } from '../../../lib/locale';
import { monthNames } from '../../../lib/month-names';
import {
  CsrfField,
  RequiredFieldsNote,
  formFailure,
  parsePosted,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { authApi } from '../auth-api';
import { useAuthMessages } from '../auth-messages';
import { AuthPage } from '../components/auth-page';
import { ProblemNotice } from '../components/problem-notice';

const TEXT_FIELDS = ['firstName', 'middleName', 'lastName', 'organization'] as const;
const SUPPORTED = [...TEXT_FIELDS, 'birthdate', 'gender', 'preferredCommunicationLanguage', 'preferredCommunicationMethod'] as const;
type Supported = (typeof SUPPORTED)[number];
type TextFieldName = (typeof TEXT_FIELDS)[number];

function isSupported(field: string): field is Supported {
  return (SUPPORTED as readonly string[]).includes(field);
}

/** The fields to ask for: the address's list (known fields only), else what the settings require and is empty. */
export function fieldsToAsk(list: string | null, customer: Customer | undefined, required: readonly string[] | undefined): Supported[] {
  const named = (list ?? '').split(',').map((field) => field.trim()).filter(isSupported);
  if (named.length > 0) return [...new Set(named)];
  if (!customer || !required) return [];
  return missingProfileFields(customer, required).filter(isSupported);
}

function partsOf(birthdate: string | null | undefined): DateOfBirthValue {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate ?? '');
  if (!match) return { month: '', day: '', year: '' };
  return { year: match[1] ?? '', month: String(Number(match[2])), day: String(Number(match[3])) };
}

function isoOf(parts: DateOfBirthValue): string {
  if (!parts.month && !parts.day && !parts.year) return '';
  return `${parts.year.padStart(4, '0')}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
}

type Typed = Partial<Record<Supported, string>>;

/** The asked fields as posted: the text fields, the three parts of the date of birth, the choices. */
function postedValues(form: FormData, fields: readonly Supported[]): Typed {
  const values: Typed = {};
  const posted = textFields(form, [...SUPPORTED, 'birthdate-month', 'birthdate-day', 'birthdate-year']);
  for (const field of fields) {
    values[field] =
      field === 'birthdate'
        ? isoOf({ month: posted['birthdate-month'] ?? '', day: posted['birthdate-day'] ?? '', year: posted['birthdate-year'] ?? '' })
        : (posted[field] ?? '').trim();
  }
  return values;
}

/**
 * The form's post, on the server for a form sent without scripts and here with them: every asked
 * field filled and valid by the contract's schema, saved, then on to where the member was going;
 * or the refusal with what was typed.
 */
export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const address = new URL(args.request.url);
  const locale = localeOfPath(address.pathname);
  const [me, settings] = await Promise.all([
    store.dispatch(customerApi.endpoints.getMe.initiate(undefined, { subscribe: false })),
    store.dispatch(settingsApi.endpoints.getSettings.initiate(undefined, { subscribe: false })),
  ]);
  const fields = fieldsToAsk(address.searchParams.get('fields'), me.data, settings.data?.requiredProfileFields);
  const typed = postedValues(await args.request.formData(), fields);
  const empty = fields.filter((field) => !typed[field]);
  if (empty.length > 0) {
    const fieldCodes = Object.fromEntries(empty.map((field) => [field, { code: 'required' }]));
    return formFailure<Typed>(typed, { status: 422, code: 'validation_failed', message: 'validation_failed', fieldCodes });
  }
  const checked = parsePosted<CustomerPatch>(customerPatchSchema, typed);
  if ('error' in checked) return formFailure<Typed>(typed, checked.error);
  const saved = await store.dispatch(authApi.endpoints.completeProfile.initiate({ patch: checked.data, locale }));
  if (saved.error) return formFailure<Typed>(typed, saved.error);
  // The header and the completion check see the saved profile at once, before the refetch.
  store.dispatch(customerApi.util.upsertQueryData('getMe', undefined, saved.data));
  return redirect(safeContinuePath(address.searchParams.get('continue'), localizePath('/', locale)));
}

export function Component() {
  const { customer, isLoading } = useCustomer();
  const { data: settings, isLoading: settingsLoading } = useGetSettingsQuery();
  const [search] = useSearchParams();
  const fields = fieldsToAsk(search.get('fields'), customer, settings?.requiredProfileFields);
  const { t } = useLingui();
  if (isLoading || settingsLoading || !customer) {
    return (
      <AuthPage title={t`Complete your profile`}>
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </AuthPage>
    );
  }
  return <CompleteProfileForm key={fields.join(',')} customer={customer} fields={fields} />;
}

function CompleteProfileForm({ customer, fields }: { customer: Customer; fields: Supported[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const { signInProblem } = useAuthMessages();
  const refused = useActionData<FormFailure<Typed>>();
  const typed = refused?.values;
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [dob, setDob] = useState<DateOfBirthValue>(() => partsOf(typed?.birthdate ?? customer.birthdate));
  const continueTo = safeContinuePath(search.get('continue'), localizePath('/', locale));

  const defaults = useMemo(() => {
    const values: Record<string, string | null> = {};
    for (const field of fields) {
      const known = typed?.[field] || (field === 'birthdate' ? customer.birthdate : (customer[field] as string | null));
      values[field] = known ?? (field.startsWith('preferred') || field === 'gender' ? null : '');
    }
    return values;
  }, [customer, fields, typed]);

  const form = useShopForm(customerPatchSchema, {
    defaultValues: defaults as CustomerPatch,
    serverError: refused?.error,
  });
  const { applyServerErrors } = form;
  useEffect(() => {
    if (refused) applyServerErrors(refused.error);
  }, [refused, applyServerErrors]);
  // A refusal naming an asked field is said under it; any other above the form.
  const fieldsNamed = Object.keys(refused?.error.fieldCodes ?? {}).some((name) => fields.includes(name as Supported));
  const problem = refused && !fieldsNamed ? signInProblem(refused.error) : null;
  const has = (field: Supported) => fields.includes(field);

  // The one month list of the shop (capitalised the same as on the profile page).
  const months = useMemo(() => monthNames(locale), [locale]);

  const send = useCheckedPost((post) =>
    form.submit(async (values) => {
      // Every asked field is required here (the patch schema lets a field be left out).
      let missing = false;
      for (const field of fields) {
        const value = (values as Record<string, unknown>)[field];
        if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
          form.setError(field, { type: 'required', message: 'required' }, { shouldFocus: !missing });
          missing = true;
        }
      }
      if (!missing) await post();
    }),
  );

  if (fields.length === 0) {
    return (
      <AuthPage title={t`Complete your profile`}>
        <div className="flex flex-col gap-5">
          <p className="text-lg">
            <Trans>Your profile is complete.</Trans>
          </p>
          <Button size="lg" onClick={() => void navigate(continueTo, { replace: true })}>
            <Trans>Continue</Trans>
          </Button>
        </div>
      </AuthPage>
    );
  }

  const textLabels: Record<TextFieldName, string> = {
    firstName: t`First name`,
    middleName: t`Middle name`,
    lastName: t`Last name`,
    organization: t`Organization`,
  };
  const autoComplete: Record<TextFieldName, string> = {
    firstName: 'given-name',
    middleName: 'additional-name',
    lastName: 'family-name',
    organization: 'organization',
  };

  return (
    <AuthPage
      title={t`Complete your profile`}
      intro={<Trans>We need a few more details before you shop. It takes a minute.</Trans>}
    >
      <Form method="post" noValidate onSubmit={send} className="flex flex-col gap-5">
        <CsrfField />
        <RequiredFieldsNote />
        <LiveMessage message={form.spoken} />
        <ProblemNotice problem={problem} />
        {TEXT_FIELDS.filter(has).map((field) => (
          <TextField
            key={field}
            id={`profile-${field}`}
            label={textLabels[field]}
            autoComplete={autoComplete[field]}
            requiredMark="*"
            required
            {...form.field(field)}
            // In the markup too: a page the server draws again after a refused post shows it.
            defaultValue={(defaults[field] as string | null) ?? ''}
          />
        ))}
        {has('birthdate') ? (
          // A field of the form (its ref focuses the first invalid part on a refused submit).
          <Controller
            control={form.control}
            name="birthdate"
            render={({ field }) => (
              <DateOfBirthFields
                ref={field.ref}
                legend={t`Date of birth`}
                hint={t`For example, March 7 1951`}
                name="birthdate"
                value={dob}
                onChange={(next) => {
                  setDob(next);
                  // Checked again as it changes once the form was sent (as every field here).
                  field.onChange(isoOf(next));
                }}
                monthLabel={t`Month`}
                dayLabel={t`Day`}
                yearLabel={t`Year`}
                monthPlaceholder={t`Month`}
                monthNames={months}
                error={form.fieldError('birthdate')}
                requiredMark="*"
                required
              />
            )}
          />
        ) : null}
        {has('gender') ? (
          <RadioGroup
            legend={t`Gender`}
            name="gender"
            value={form.watch('gender') ?? null}
            onChange={(value) => form.setValue('gender', value as 'M' | 'F', { shouldValidate: true })}
            options={[
              { value: 'M', label: t`Male` },
              { value: 'F', label: t`Female` },
            ]}
            error={form.fieldError('gender')}
            required
          />
        ) : null}
        {has('preferredCommunicationLanguage') ? (
          <RadioGroup
            legend={t`Preferred language for messages`}
            name="preferredCommunicationLanguage"
            value={form.watch('preferredCommunicationLanguage') ?? null}
            onChange={(value) => form.setValue('preferredCommunicationLanguage', value as 'en' | 'es', { shouldValidate: true })}
            options={[
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Español' },
            ]}
            error={form.fieldError('preferredCommunicationLanguage')}
            required
          />
        ) : null}
        {has('preferredCommunicationMethod') ? (
          <RadioGroup
            legend={t`How should we contact you?`}
            name="preferredCommunicationMethod"
            value={form.watch('preferredCommunicationMethod') ?? null}
            onChange={(value) =>
              form.setValue('preferredCommunicationMethod', value as 'email' | 'sms' | 'phone', { shouldValidate: true })
            }
            options={[
              { value: 'email', label: t`E-mail` },
              { value: 'sms', label: t`Text message` },
              { value: 'phone', label: t`Phone call` },
            ]}
            error={form.fieldError('preferredCommunicationMethod')}
            required
          />
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel={t`Saving`}>
          <Trans>Save and continue</Trans>
        </Button>
      </Form>
    </AuthPage>
  );
}
