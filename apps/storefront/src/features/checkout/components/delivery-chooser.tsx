import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from '@otc/ui/icons';
import { addressInputSchema, isDeliverable, type Address, type OrderDraft } from '@otc/sdk';
import { Button, Notice, RadioCardGroup, Select, Skeleton, TextField } from '@otc/ui';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { useStateOptions } from '../../../components/us-states';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { CsrfField, type FormFailure } from '../../../kernel/page-form';
import { CarriedParams } from '../../../components/carried-params';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { DELIVERY_FIELD } from '../checkout-action';
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
/** The page address's parameter that draws the new address form open (`?address=new`). */
const NEW_ADDRESS_PARAM = 'address';

/** The address fields of a refused post's values (nothing else it carried). */
function textFieldsOf(values: Partial<Record<string, string>> | undefined): Partial<typeof EMPTY> {
  const out: Partial<typeof EMPTY> = {};
  for (const name of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) {
    const value = values?.[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * Where the new address form posts without the scripts (the checkout's action, `intent=address`),
 * and its refusal drawn by the server (the fields as typed, their errors).
 */
export interface AddressPost {
  action: string;
  refused?: FormFailure | null;
}

function AddressForm({
  states,
  onAdded,
  onCancel,
  post,
}: {
  states: string[];
  onAdded: (address: Address) => void;
  /** The id of the GET form that closes it (outside this one: forms do not nest). */
  onCancel?: { form: string };
  post?: AddressPost;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [add, { isLoading }] = useAddDeliveryAddressMutation();
  const refused = post?.refused ?? null;
  const typed = { ...EMPTY, ...textFieldsOf(refused?.values) };
  const [failure, setFailure] = useState<string | null>(() =>
    refused && Object.keys(refused.error.fieldCodes ?? {}).length === 0 ? apiErrorText(locale, refused.error) : null,
  );
  const form = useShopForm(addressInputSchema, { defaultValues: typed, serverError: refused?.error });
  // In the markup too: a page drawn by the server after a refused post shows what was typed.
  const typedValue = (name: keyof typeof EMPTY) => (refused ? { defaultValue: typed[name] } : {});
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
    <form
      noValidate
      onSubmit={onSubmit}
      method={post ? 'post' : undefined}
      action={post?.action}
      className="@container flex flex-col gap-4"
      aria-label={t`New address`}
    >
      <TextField label={t`Street address`} autoComplete="address-line1" requiredMark="*" required {...form.field('address')} {...typedValue('address')} />
      <TextField label={t`Apartment, suite, unit (optional)`} autoComplete="address-line2" {...form.field('address2')} {...typedValue('address2')} />
      <TextField label={t`City`} autoComplete="address-level2" requiredMark="*" required {...form.field('city')} {...typedValue('city')} />
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
          {...typedValue('state')}
        />
        <TextField label={t`ZIP code`} autoComplete="postal-code" inputMode="numeric" requiredMark="*" required {...form.field('zip')} {...typedValue('zip')} />
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {/* After the fields: the form's first field is the one that takes the focus. */}
      {post ? (
        <>
          <input type="hidden" name="intent" value="address" />
          <CsrfField />
        </>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isLoading}>
          <Trans>Save and deliver here</Trans>
        </Button>
        {onCancel ? (
          // Submits the chooser's GET form without `?address=new` (before or without the scripts:
          // the step drawn again with the form closed); with them it closes the form here.
          <Button type="submit" form={onCancel.form} formNoValidate variant="ghost">
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The customer's addresses where we deliver (the SDK's one deliverability rule; the checkout gate
 * and the server's `complete` use it too), and the only one, when there is one.
 */
export function useDeliverableAddresses() {
  const { data: settings } = useGetSettingsQuery();
  const { data: addresses, isLoading } = useGetAddressesQuery();
  const deliveryStates = settings?.deliveryStates;
  const deliverable = (addresses ?? []).filter((address) => isDeliverable(address, deliveryStates));
  return { addresses, isLoading, settings, deliveryStates, deliverable, single: deliverable.length === 1 ? deliverable[0]! : null };
}

/**
 * The delivery address of the open order: one of the customer's addresses in a delivery state,
 * or a new one (added, then chosen). Used by checkout step 2 and by /order/delivery.
 * `choiceForm` puts the choice in a form of the page's (checkout step 2 posts it without the
 * scripts); the new address's own form stays outside it.
 */
export function DeliveryChooser({
  draft,
  choiceForm = (choice) => choice,
  addressPost,
}: {
  draft: OrderDraft | undefined;
  choiceForm?: (choice: ReactNode) => ReactNode;
  /** Without the scripts, the new address form posts there. */
  addressPost?: AddressPost;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { addresses, isLoading, settings, deliveryStates, deliverable, single } = useDeliverableAddresses();
  const [setDelivery, { isLoading: saving }] = useSetDeliveryAddressMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [search] = useSearchParams();
  // `?address=new` draws the new address form open: how the page opens it without the scripts.
  const [adding, setAdding] = useState(() => search.get(NEW_ADDRESS_PARAM) === 'new');
  const states = settings?.deliveryStates ?? [];
  // The button that opens the form goes away with it: the focus moves into the form, and back to
  // the button when the form is cancelled (not on the first draw).
  const newAddressForm = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    if (adding) newAddressForm.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus();
    else addButton.current?.focus();
  }, [adding]);
  const openForm = (open: boolean) => {
    toggled.current = true;
    setAdding(open);
  };
  const closeFormId = `${useId()}-close`;

  const choose = async (addressId: number) => {
    setFailure(null);
    const result = await setDelivery({ addressId, locale });
    if ('error' in result && result.error) setFailure(apiErrorText(locale, result.error as SdkQueryError));
  };

  // One address where we deliver and none chosen yet: it is chosen for the customer.
  const autoChosen = useRef(false);
  useEffect(() => {
    if (autoChosen.current || !draft || draft.deliveryAddress || deliverable.length !== 1) return;
    autoChosen.current = true;
    void choose(deliverable[0]!.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, deliverable.length]);

  if (isLoading) return <Skeleton className="h-40 w-full" />;
  const list = addresses ?? [];
  // The only address we deliver to is shown chosen from the first render (the server's too): the
  // effect above saves it with the scripts, the step's form posts it without them.
  const current = draft?.deliveryAddress?.id ?? single?.id ?? null;

  return (
    <div className="flex flex-col gap-4">
      {list.length > 0 ? (
        choiceForm(
        <RadioCardGroup
          legend={<Trans>Deliver to</Trans>}
          name={DELIVERY_FIELD}
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
        />,
        )
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
            onCancel={list.length > 0 ? { form: closeFormId } : undefined}
            post={addressPost}
            onAdded={(address) => {
              openForm(false);
              void choose(address.id);
            }}
          />
          {list.length > 0 ? (
            <form
              id={closeFormId}
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                openForm(false);
              }}
            >
              <CarriedParams except={[NEW_ADDRESS_PARAM]} />
            </form>
          ) : null}
        </div>
      ) : (
        // A GET form to this page with `?address=new` (before or without the scripts); with them
        // the form opens here.
        <form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            openForm(true);
          }}
        >
          <CarriedParams except={[NEW_ADDRESS_PARAM]} />
          <input type="hidden" name={NEW_ADDRESS_PARAM} value="new" />
          <Button
            ref={addButton}
            type="submit"
            variant="secondary"
            startIcon={<Plus aria-hidden="true" className="size-5" />}
          >
            <Trans>Add a new address</Trans>
          </Button>
        </form>
      )}
    </div>
  );
}
