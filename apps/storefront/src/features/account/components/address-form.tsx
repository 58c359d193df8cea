import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { addressInputSchema } from '@otc/sdk';
import { Button, Checkbox, Notice, Select, TextField } from '@otc/ui';
import { useStateOptions } from '../../../components/us-states';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import {
  useAddAddressMutation,
  useUpdateAddressMutation,
  type Address,
  type AddressInput,
} from '../account-api';
import { callError, formFailureText } from '../form-result';
import { useSuccessNotice } from '../use-saved-notice';

function valuesOf(address: Address | undefined): AddressInput {
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
 * the shop's delivery states ("State is required" when none is chosen).
 */
export function AddressForm({
  address,
  deliveryStates,
  onDone,
  onCancel,
}: {
  address?: Address;
  deliveryStates: readonly string[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const [add, adding] = useAddAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm(addressInputSchema, { defaultValues: valuesOf(address) });
  const { field, register, fieldError } = form;

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    const body = { ...values, address2: values.address2 || null };
    const result = address
      ? await update({ locale, id: address.id, body })
      : await add({ locale, body });
    const error = callError(result);
    if (error) {
      setFailure(formFailureText(locale, error, form.applyServerErrors));
      return;
    }
    notice(address ? t`Changes are saved` : t`Address is added`);
    onDone();
  });

  // A state the shop no longer delivers to stays listed on the address being edited, so the
  // form shows it (the API then says why it cannot be saved).
  const codes =
    address && !deliveryStates.includes(address.state)
      ? [...deliveryStates, address.state]
      : deliveryStates;
  const states = useStateOptions(codes);

  return (
    <form noValidate onSubmit={onSubmit} className="@container flex flex-col gap-4">
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <TextField
        label={t`Street address`}
        autoComplete="address-line1"
        requiredMark="*"
        required
        {...field('address')}
      />
      <TextField
        label={t`Apartment, suite or unit (optional)`}
        autoComplete="address-line2"
        {...field('address2')}
      />
      <TextField
        label={t`City`}
        autoComplete="address-level2"
        requiredMark="*"
        required
        {...field('city')}
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
        />
      </div>
      <Checkbox
        label={t`This is a care facility (nursing home, assisted living)`}
        {...register('facilityAddress')}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          loading={adding.isLoading || updating.isLoading}
          loadingLabel={t`Saving`}
        >
          {address ? <Trans>Save address</Trans> : <Trans>Add address</Trans>}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
