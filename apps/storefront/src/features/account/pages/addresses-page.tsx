import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
  useSubmit,
  type ActionFunctionArgs,
} from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2, MapPin, Plus } from '@otc/ui/icons';
import { Badge, Button, ConfirmButton, Dialog, EmptyState, Notice, VisuallyHidden } from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath } from '../../../lib/locale';
import { formFailure, textFields } from '../../../kernel/page-form';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import { REMOVE_STEP_PARAM, donePath, doneParam } from '../../../lib/page-params';
import { onServer } from '../../../lib/on-server';
import { RemoveStep, RemoveStepForm } from '../../../components/remove-step';
import { accountApi, useAddressesQuery, type Address } from '../account-api';
import { AccountLayout, AccountSection } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import {
  ADDRESS_INTENTS,
  AddressForm,
  postedAddress,
  type AddressAnswer,
} from '../components/address-form';
import { useSuccessNotice } from '../use-saved-notice';
export { addressesLoader as loader } from '../account-loaders';

/** The page's address, and the query parameter that opens its form in the page: `new` or an id (lib/page-params.ts). */
const PAGE = '/account/addresses';
const FORM_PARAM = 'address';

/**
 * The page's posts (add, change or delete an address, told by `intent`), on the server for a form
 * sent without the scripts (done: a redirect to the page saying it, `?done=add-address:12`, so a
 * reload does not post it again) and here with them (the address done), or the refusal with what
 * was typed.
 */
export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  const form = await args.request.formData();
  const { intent = '', id = '' } = textFields(form, ['intent', 'id']);
  if (intent === ADDRESS_INTENTS.remove) {
    // The removed address is told by its lines: read before it goes.
    const list = await store.dispatch(
      accountApi.endpoints.addresses.initiate(undefined, { subscribe: false }),
    );
    const gone = list.data?.find((address) => String(address.id) === id);
    const removed = await store.dispatch(
      accountApi.endpoints.removeAddress.initiate({ locale, id: Number(id) }),
    );
    if (removed.error) return formFailure({}, removed.error, { intent, id });
    if (onServer) return redirect(donePath(url.pathname, intent));
    return { intent, id, done: gone ?? null };
  }
  if (intent !== ADDRESS_INTENTS.add && intent !== ADDRESS_INTENTS.update) {
    return new Response(null, { status: 400, statusText: 'Unknown form' });
  }
  const { typed, checked } = postedAddress(form);
  if ('error' in checked) return formFailure(typed, checked.error, { intent, id });
  const result =
    intent === ADDRESS_INTENTS.update
      ? await store.dispatch(
          accountApi.endpoints.updateAddress.initiate({
            locale,
            id: Number(id),
            body: checked.data,
          }),
        )
      : await store.dispatch(
          accountApi.endpoints.addAddress.initiate({ locale, body: checked.data }),
        );
  if (result.error) return formFailure(typed, result.error, { intent, id });
  if (onServer) return redirect(donePath(url.pathname, intent, result.data.id));
  return { intent, id, done: result.data } satisfies AddressAnswer;
}

type RemoveAnswer =
  | { intent: typeof ADDRESS_INTENTS.remove; id: string; done: Address | null }
  | {
      intent: typeof ADDRESS_INTENTS.remove;
      id: string;
      error: Parameters<typeof apiErrorText>[1];
    };

function oneLine(address: Address): string {
  return [address.address, address.address2].filter(Boolean).join(', ');
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizePath();
  const notice = useSuccessNotice();
  const { data: settings } = useGetSettingsQuery();
  const { currentData: addresses, isError, refetch } = useAddressesQuery();
  const submit = useSubmit();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const answer = useActionData<AddressAnswer | RemoveAnswer | undefined>();
  // What a post sent without the scripts did is said in the page its redirect led to
  // (`?done=…`); one of a post made here is a notification.
  const drawnDone = doneParam(search, Object.values(ADDRESS_INTENTS));
  const doneAddress = drawnDone?.id != null ? addresses?.find((address) => address.id === drawnDone.id) : undefined;
  const removal = answer && answer.intent === ADDRESS_INTENTS.remove ? answer : undefined;
  const [problem, setProblem] = useState<string | null>(() =>
    removal && 'error' in removal ? apiErrorText(locale, removal.error) : null,
  );
  const removing =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === ADDRESS_INTENTS.remove
      ? String(navigation.formData.get('id'))
      : null;

  // A removal posted here: the notification, or why it failed.
  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (!removal) return;
    if ('error' in removal) setProblem(apiErrorText(locale, removal.error));
    else notice(t`Address is removed`, removal.done ? oneLine(removal.done) : undefined);
  }, [answer, removal, locale, notice, t]);

  function onRemove(id: number) {
    setProblem(null);
    void submit({ intent: ADDRESS_INTENTS.remove, id: String(id) }, { method: 'post', action: localize(PAGE) });
  }

  // `?remove=<id>`: where Delete leads without the scripts, asked in the page. Not once it is done.
  const toRemove = !drawnDone && addresses ? addresses.find((address) => String(address.id) === search.get(REMOVE_STEP_PARAM)) : undefined;

  // The form asked in the address (`?address=new` or an address's id), drawn in the page: how a
  // page without the scripts opens it. Not once it is done.
  const asked = search.get('address');
  const inPage =
    asked && !drawnDone && addresses
      ? asked === 'new'
        ? ('new' as const)
        : addresses.find((address) => String(address.id) === asked)
      : undefined;

  // The buttons that open the form: a GET form to `?address=…` (without the scripts), the dialog with them.
  const opener = (onOpen: () => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onOpen();
  };

  const addButton = (
    <form method="get" onSubmit={opener(() => setEditing('new'))}>
      <input type="hidden" name={FORM_PARAM} value="new" />
      <Button type="submit" startIcon={<Plus aria-hidden="true" className="size-5" />}>
        <Trans>Add an address</Trans>
      </Button>
    </form>
  );

  const doneText =
    drawnDone && drawnDone.intent === ADDRESS_INTENTS.remove
      ? t`Address is removed`
      : drawnDone && drawnDone.intent === ADDRESS_INTENTS.add
        ? t`Address is added`
        : drawnDone
          ? t`Changes are saved`
          : null;

  return (
    <AccountLayout
      title={t`Addresses`}
      intro={<Trans>Where we deliver your orders. We deliver only to some states.</Trans>}
    >
      {doneText ? (
        <Notice tone="success" title={doneText}>
          {doneAddress ? oneLine(doneAddress) : null}
        </Notice>
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {toRemove ? (
        <RemoveStep
          title={<Trans>Delete this address?</Trans>}
          action={localize(PAGE)}
          fields={{ intent: ADDRESS_INTENTS.remove, id: String(toRemove.id) }}
          confirmLabel={<Trans>Yes, delete it</Trans>}
          cancelTo={PAGE}
        >
          <p className="[overflow-wrap:anywhere]">
            {oneLine(toRemove)}, {toRemove.city}, {toRemove.state} {toRemove.zip}
          </p>
        </RemoveStep>
      ) : null}
      {inPage ? (
        <AccountSection
          id="address-form"
          title={inPage === 'new' ? <Trans>Add an address</Trans> : <Trans>Edit the address</Trans>}
        >
          <AddressForm
            address={inPage === 'new' ? undefined : inPage}
            deliveryStates={settings?.deliveryStates ?? []}
            onDone={() => void navigate(PAGE, { replace: true })}
            onCancel={() => void navigate(PAGE)}
            cancelTo={PAGE}
          />
        </AccountSection>
      ) : null}
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
                  <form method="get" onSubmit={opener(() => setEditing(address))}>
                    <input type="hidden" name={FORM_PARAM} value={address.id} />
                    <Button type="submit" variant="secondary" size="sm">
                      <Trans>Edit</Trans>
                      <VisuallyHidden> {oneLine(address)}</VisuallyHidden>
                    </Button>
                  </form>
                  {/* Without the scripts a GET of the page's confirmation step (`?remove=<id>`);
                      with them the second press posts the removal. */}
                  <RemoveStepForm value={address.id}>
                    <ConfirmButton
                      size="sm"
                      submitsForm
                      loading={removing === String(address.id)}
                      label={
                        <>
                          <Trans>Delete</Trans>
                          <VisuallyHidden> {oneLine(address)}</VisuallyHidden>
                        </>
                      }
                      confirmLabel={<Trans>Press again to delete</Trans>}
                      onConfirm={() => onRemove(address.id)}
                    />
                  </RemoveStepForm>
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
