import { useEffect, useRef, useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { addressInputSchema } from '@otc/sdk';
import { Button, Checkbox, LiveMessage, Notice, Select, TextField, buttonClasses } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { useStateOptions } from '../../../components/us-states';
import {
  CsrfField,
  RequiredFieldsNote,
  parsePosted,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import type { SdkQueryError } from '../../../lib/api';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import type { Address, AddressInput } from '../account-api';
import { formFailureText } from '../form-result';
import { useSuccessNotice } from '../use-saved-notice';

/** The address forms' intents on the addresses page's action. */
export const ADDRESS_INTENTS = {
  add: 'add-address',
  update: 'update-address',
  remove: 'remove-address',
} as const;
type AddressIntent = (typeof ADDRESS_INTENTS)[keyof typeof ADDRESS_INTENTS];

const TEXTS = ['address', 'address2', 'city', 'state', 'zip'] as const;
/** An address form's fields as posted (the care facility tick as 'on' or ''). */
export type AddressTyped = Partial<Record<(typeof TEXTS)[number] | 'facilityAddress', string>>;

/** What the addresses page's action answers: done (the address), or refused with what was typed. */
export type AddressAnswer =
  | { intent: AddressIntent; id: string; done: Address }
  | (FormFailure<AddressTyped> & { intent: AddressIntent; id: string });

/** An address form's post as typed, and checked by the contract's schema as the form checks it. */
export function postedAddress(form: FormData): {
  typed: AddressTyped;
  checked: { data: AddressInput } | { error: SdkQueryError };
} {
  const typed: AddressTyped = {
    ...textFields(form, TEXTS),
    facilityAddress: form.has('facilityAddress') ? 'on' : '',
  };
  const values = {
    address: typed.address ?? '',
    address2: typed.address2 ?? '',
    city: typed.city ?? '',
    state: typed.state ?? '',
    zip: typed.zip ?? '',
    facilityAddress: typed.facilityAddress === 'on',
  };
  const checked = parsePosted<AddressInput>(addressInputSchema, values);
  return {
    typed,
    checked:
      'error' in checked
        ? checked
        : { data: { ...checked.data, address2: checked.data.address2 || null } },
  };
}

function valuesOf(address: Address | undefined, typed?: AddressTyped): AddressInput {
  if (typed) {
    return {
      address: typed.address ?? '',
      address2: typed.address2 ?? '',
      city: typed.city ?? '',
      state: typed.state ?? '',
      zip: typed.zip ?? '',
      facilityAddress: typed.facilityAddress === 'on',
    };
  }
  return {
    address: address?.address ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip: address?.zip ?? '',
    facilityAddress: address?.facilityAddress ?? false,
  };
}

/**
 * Adds an address or edits one, checked with the SDK's `addressInputSchema`; the state is one of
 * the shop's delivery states ("State is required" when none is chosen). Posted to the addresses
 * page's action (intent add-address or update-address), so it works without the scripts too.
 * `cancelTo` (a form drawn in the page, not in a dialog): Cancel is a link back to it.
 */
export function AddressForm({
  address,
  deliveryStates,
  onDone,
  onCancel,
  cancelTo,
}: {
  address?: Address;
  deliveryStates: readonly string[];
  onDone: () => void;
  onCancel: () => void;
  cancelTo?: string;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const navigation = useNavigation();
  const intent = address ? ADDRESS_INTENTS.update : ADDRESS_INTENTS.add;
  const id = address ? String(address.id) : '';
  const answer = useActionData<AddressAnswer | undefined>();
  const mine = answer && answer.intent === intent && answer.id === id ? answer : undefined;
  const refused = mine && 'error' in mine ? mine : undefined;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  // Drawn by the server after a refused post: what was typed; else the address.
  const [defaults] = useState(() => valuesOf(address, refused?.values));
  const form = useShopForm(addressInputSchema, {
    defaultValues: defaults,
    serverError: refused?.error,
  });
  const { field, register, fieldError, applyServerErrors } = form;
  const [failure, setFailure] = useState<string | null>(() =>
    refused && !Object.keys(refused.error.fieldCodes ?? {}).length
      ? formFailureText(locale, refused.error, () => false)
      : null,
  );

  // The answer of a post made here: done (the notification, the form closes), or refused.
  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (!mine) return;
    if ('done' in mine) {
      notice(address ? t`Changes are saved` : t`Address is added`);
      onDone();
    } else {
      setFailure(formFailureText(locale, mine.error, applyServerErrors));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new answer only
  }, [answer]);

  // Checked here first; a form that passes goes to the page's action.
  const onSubmit = useCheckedPost((post) => {
    setFailure(null);
    return form.submit(post);
  });

  // A state the shop no longer delivers to stays listed on the address being edited, so the
  // form shows it (the API then says why it cannot be saved).
  const codes =
    address && !deliveryStates.includes(address.state)
      ? [...deliveryStates, address.state]
      : deliveryStates;
  const states = useStateOptions(codes);

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="@container flex flex-col gap-4">
      <CsrfField />
      <RequiredFieldsNote />
      <LiveMessage message={form.spoken} />
      <input type="hidden" name="intent" value={intent} />
      {address ? <input type="hidden" name="id" value={id} /> : null}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <TextField
        label={t`Street address`}
        autoComplete="address-line1"
        requiredMark="*"
        required
        {...field('address')}
        defaultValue={defaults.address ?? ''}
      />
      <TextField
        label={t`Apartment, suite or unit (optional)`}
        autoComplete="address-line2"
        {...field('address2')}
        defaultValue={defaults.address2 ?? ''}
      />
      <TextField
        label={t`City`}
        autoComplete="address-level2"
        requiredMark="*"
        required
        {...field('city')}
        defaultValue={defaults.city ?? ''}
      />
      <div className="grid gap-4 @lg:grid-cols-2">
        <Select
          label={t`State`}
          hint={t`We deliver only to the states listed.`}
          placeholder={t`Choose a state`}
          autoComplete="address-level1"
          requiredMark="*"
          required
          options={states}
          {...register('state')}
          defaultValue={defaults.state}
          error={fieldError('state')}
        />
        <TextField
          label={t`ZIP code`}
          hint={t`5 digits`}
          inputMode="numeric"
          autoComplete="postal-code"
          requiredMark="*"
          required
          {...field('zip')}
          defaultValue={defaults.zip ?? ''}
        />
      </div>
      <Checkbox
        label={t`This is a care facility (nursing home, assisted living)`}
        {...register('facilityAddress')}
        defaultChecked={defaults.facilityAddress}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy} loadingLabel={t`Saving`}>
          {address ? <Trans>Save address</Trans> : <Trans>Add address</Trans>}
        </Button>
        {cancelTo ? (
          <AppLink to={cancelTo} className={buttonClasses({ variant: 'secondary' })}>
            <Trans>Cancel</Trans>
          </AppLink>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </Form>
  );
}
