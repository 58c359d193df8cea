import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { addressInputSchema, isDeliverable, type Address, type OrderDraft } from '@otc/sdk';
import { Button, Notice, RadioCardGroup, Select, Skeleton, TextField } from '@otc/ui';
import { useGetSettingsQuery } from '../../../app/settings-api';
import { useStateOptions } from '../../../components/us-states';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import {
  useAddDeliveryAddressMutation,
  useGetAddressesQuery,
  useSetDeliveryAddressMutation,
} from '../checkout-api';

export function formatAddress(address: Pick<Address, 'address' | 'address2' | 'city' | 'state' | 'zip'>): string {
  return [address.address, address.address2, `${address.city}, ${address.state} ${address.zip}`]
    .filter(Boolean)
    .join(', ');
}

const EMPTY = { address: '', address2: '', city: '', state: '', zip: '' };

function AddressForm({ states, onAdded, onCancel }: { states: string[]; onAdded: (address: Address) => void; onCancel?: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [add, { isLoading }] = useAddDeliveryAddressMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm(addressInputSchema, { defaultValues: EMPTY });
  const stateOptions = useStateOptions(states);

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    const result = await add({ input: values, locale });
    if ('error' in result && result.error) {
      const error = result.error as SdkQueryError;
      if (!form.applyServerErrors(error)) setFailure(apiErrorText(locale, error));
      return;
    }
    if ('data' in result && result.data) onAdded(result.data);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="@container flex flex-col gap-4" aria-label={t`New address`}>
      <TextField label={t`Street address`} autoComplete="address-line1" requiredMark="*" required {...form.field('address')} />
      <TextField label={t`Apartment, suite, unit (optional)`} autoComplete="address-line2" {...form.field('address2')} />
      <TextField label={t`City`} autoComplete="address-level2" requiredMark="*" required {...form.field('city')} />
      {/* Side by side once the form is 32rem wide: the state's name ("Carolina del Norte (NC)") needs half of it. */}
      <div className="grid gap-4 @lg:grid-cols-2">
        <Select
          label={t`State`}
          autoComplete="address-level1"
          requiredMark="*"
          required
          placeholder={t`Choose a state`}
          options={stateOptions}
          {...form.field('state')}
        />
        <TextField label={t`ZIP code`} autoComplete="postal-code" inputMode="numeric" requiredMark="*" required {...form.field('zip')} />
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isLoading}>
          <Trans>Save and deliver here</Trans>
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The delivery address of the open order: one of the customer's addresses in a delivery state,
 * or a new one (added, then chosen). Used by checkout step 2 and by /order/delivery.
 */
export function DeliveryChooser({ draft }: { draft: OrderDraft | undefined }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: settings } = useGetSettingsQuery();
  const { data: addresses, isLoading } = useGetAddressesQuery();
  const [setDelivery, { isLoading: saving }] = useSetDeliveryAddressMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const states = settings?.deliveryStates ?? [];
  // The button that opens the form goes away with it: the focus moves into the form, and back to
  // the button when the form is cancelled (not on the first draw).
  const newAddressForm = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    if (adding) newAddressForm.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    else addButton.current?.focus();
  }, [adding]);
  const openForm = (open: boolean) => {
    toggled.current = true;
    setAdding(open);
  };

  const choose = async (addressId: number) => {
    setFailure(null);
    const result = await setDelivery({ addressId, locale });
    if ('error' in result && result.error) setFailure(apiErrorText(locale, result.error as SdkQueryError));
  };

  // One address where we deliver and none chosen yet: it is chosen for the customer.
  const autoChosen = useRef(false);
  // The SDK's one deliverability rule (the checkout gate and the server's `complete` use it too).
  const deliveryStates = settings?.deliveryStates;
  const deliverable = (addresses ?? []).filter((address) => isDeliverable(address, deliveryStates));
  useEffect(() => {
    if (autoChosen.current || !draft || draft.deliveryAddress || deliverable.length !== 1) return;
    autoChosen.current = true;
    void choose(deliverable[0]!.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, deliverable.length]);

  if (isLoading) return <Skeleton className="h-40 w-full" />;
  const list = addresses ?? [];
  const current = draft?.deliveryAddress?.id ?? null;

  return (
    <div className="flex flex-col gap-4">
      {list.length > 0 ? (
        <RadioCardGroup
          legend={<Trans>Deliver to</Trans>}
          name="delivery-address"
          value={current === null ? null : String(current)}
          onChange={(value) => {
            if (!saving) void choose(Number(value));
          }}
          options={list.map((address) => {
            const deliverable = isDeliverable(address, deliveryStates);
            return {
              value: String(address.id),
              label: formatAddress(address),
              // Not disabled while a choice is saved: a disabled radio drops the keyboard focus.
              disabled: !deliverable,
              disabledReason: deliverable ? undefined : t`We do not deliver to this state.`,
            };
          })}
        />
      ) : (
        <p>
          <Trans>Add the address where we should deliver your order.</Trans>
        </p>
      )}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {adding || list.length === 0 ? (
        <div ref={newAddressForm} className="rounded-xl border-2 border-border p-4">
          <h3 className="mb-3 text-lg font-bold">
            <Trans>New address</Trans>
          </h3>
          <AddressForm
            states={states}
            onCancel={list.length > 0 ? () => openForm(false) : undefined}
            onAdded={(address) => {
              openForm(false);
              void choose(address.id);
            }}
          />
        </div>
      ) : (
        <div>
          <Button
            ref={addButton}
            variant="secondary"
            startIcon={<Plus aria-hidden="true" className="size-5" />}
            onClick={() => openForm(true)}
          >
            <Trans>Add a new address</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
