import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2, MapPin, Plus } from 'lucide-react';
import { Badge, Button, ConfirmButton, Dialog, EmptyState, Notice, VisuallyHidden } from '@otc/ui';
import { useGetSettingsQuery } from '../../../app/settings-api';
import { apiErrorText } from '../../../lib/form-messages';
import { useLocale } from '../../../lib/use-locale';
import { useAddressesQuery, useRemoveAddressMutation, type Address } from '../account-api';
import { AccountLayout } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { AddressForm } from '../components/address-form';
import { callError } from '../form-result';
import { useSuccessNotice } from '../use-saved-notice';

function oneLine(address: Address): string {
  return [address.address, address.address2].filter(Boolean).join(', ');
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const { data: settings } = useGetSettingsQuery();
  const { currentData: addresses, isError, refetch } = useAddressesQuery();
  const [remove, removal] = useRemoveAddressMutation();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function onRemove(address: Address) {
    setProblem(null);
    const error = callError(await remove({ locale, id: address.id }));
    if (error) setProblem(apiErrorText(locale, error));
    else notice(t`Address is removed`, oneLine(address));
  }

  const addButton = (
    <Button
      startIcon={<Plus aria-hidden="true" className="size-5" />}
      onClick={() => setEditing('new')}
    >
      <Trans>Add an address</Trans>
    </Button>
  );

  return (
    <AccountLayout
      title={t`Addresses`}
      intro={<Trans>Where we deliver your orders. We deliver only to some states.</Trans>}
    >
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {!addresses ? (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      ) : addresses.length === 0 ? (
        <EmptyState
          icon={<MapPin aria-hidden="true" className="size-10 text-primary" />}
          title={<Trans>You have no saved addresses yet.</Trans>}
          action={addButton}
        />
      ) : (
        <>
          <div>{addButton}</div>
          <ul className="grid gap-4 md:grid-cols-2">
            {addresses.map((address) => (
              <li
                key={address.id}
                className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:p-5"
              >
                <address className="flex flex-col text-lg not-italic">
                  <span className="font-semibold [overflow-wrap:anywhere]">{oneLine(address)}</span>
                  <span>
                    {address.city}, {address.state} {address.zip}
                  </span>
                </address>
                {address.facilityAddress ? (
                  <Badge
                    tone="neutral"
                    icon={<Building2 className="size-4" />}
                    className="self-start"
                  >
                    <Trans>Care facility</Trans>
                  </Badge>
                ) : null}
                <div className="mt-auto flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(address)}>
                    <Trans>Edit</Trans>
                    <VisuallyHidden> {oneLine(address)}</VisuallyHidden>
                  </Button>
                  <ConfirmButton
                    size="sm"
                    loading={removal.isLoading && removal.originalArgs?.id === address.id}
                    label={
                      <>
                        <Trans>Delete</Trans>
                        <VisuallyHidden> {oneLine(address)}</VisuallyHidden>
                      </>
                    }
                    confirmLabel={<Trans>Press again to delete</Trans>}
                    onConfirm={() => void onRemove(address)}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {editing ? (
        <Dialog
          open
          onClose={() => setEditing(null)}
          title={editing === 'new' ? t`Add an address` : t`Edit the address`}
          closeLabel={t`Close`}
          size="md"
        >
          <AddressForm
            address={editing === 'new' ? undefined : editing}
            deliveryStates={settings?.deliveryStates ?? []}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      ) : null}
    </AccountLayout>
  );
}
