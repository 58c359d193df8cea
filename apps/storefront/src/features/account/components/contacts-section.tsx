import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Mail, Phone, Plus } from 'lucide-react';
import {
  canRemoveEmail,
  canRemovePhone,
  contactAddSchema,
  contactVerifySchema,
  errorText,
  formatPhone,
  normalizePhone,
  type Email,
  type Phone as PhoneContact,
} from '@otc/sdk';
import { loginKind } from '@otc/sdk/validation';
import {
  Badge,
  Button,
  ConfirmButton,
  Countdown,
  Dialog,
  Notice,
  OneTimeCodeInput,
  TextField,
  VisuallyHidden,
} from '@otc/ui';
import { useGetSettingsQuery } from '../../../app/settings-api';
import { useAppDispatch } from '../../../app/hooks';
import { signOut } from '../../../app/session-slice';
import { apiErrorText } from '../../../lib/form-messages';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale, useLocalizePath } from '../../../lib/use-locale';
import {
  useAddContactMutation,
  useMakeContactPrimaryMutation,
  useRemoveContactMutation,
  useResendContactCodeMutation,
  useVerifyContactMutation,
  type ContactKind,
  type Customer,
} from '../account-api';
import { callError, formFailureText } from '../form-result';
import { useRecentProof } from '../recent-proof';
import { useSuccessNotice } from '../use-saved-notice';
import { AccountSection } from '../../../components/account-layout';

interface ContactRow {
  id: number;
  value: string;
  shown: string;
  reg: boolean;
  verified: boolean;
}

function rowsOf(customer: Customer, kind: ContactKind): ContactRow[] {
  return kind === 'email'
    ? customer.emails.map((email: Email) => ({
        id: email.id,
        value: email.address,
        shown: email.address,
        reg: email.reg,
        verified: email.verified,
      }))
    : customer.phones.map((phone: PhoneContact) => ({
        id: phone.id,
        value: phone.number,
        shown: formatPhone(phone.number),
        reg: phone.reg,
        verified: phone.verified,
      }));
}

/** The contact the API just added (same address or number), for the verify step. */
function findAdded(customer: Customer, kind: ContactKind, value: string): ContactRow | undefined {
  const rows = rowsOf(customer, kind);
  const wanted = kind === 'email' ? value.trim().toLowerCase() : (normalizePhone(value) ?? value);
  return (
    rows.find((row) => row.value.toLowerCase() === wanted) ??
    [...rows].reverse().find((row) => !row.verified)
  );
}

/** Where the dialog is: adding, verifying one contact, or offering to make it the sign-in one. */
type Step =
  | { name: 'add' }
  | { name: 'verify'; contact: ContactRow; resendAt: number }
  | { name: 'primary'; contact: ContactRow };

/**
 * The customer's e-mails (or phones): the primary one (the sign-in one) marked, add and verify
 * with a code, make another primary (then sign in again), remove a non-primary one. The primary
 * cannot be removed (SDK `canRemoveEmail` / `canRemovePhone`). Where the shop's settings turn
 * adding off, the customer is told to call the contact center instead.
 */
export function ContactsSection({ customer, kind }: { customer: Customer; kind: ContactKind }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: settings } = useGetSettingsQuery();
  const [step, setStep] = useState<Step | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [remove, removal] = useRemoveContactMutation();
  const [resend] = useResendContactCodeMutation();
  const proof = useRecentProof();
  const notice = useSuccessNotice();
  const rows = rowsOf(customer, kind);
  const resendSeconds = settings?.codeResendSeconds ?? 60;
  const isEmail = kind === 'email';
  const Icon = isEmail ? Mail : Phone;

  async function onRemove(row: ContactRow) {
    setProblem(null);
    const check = isEmail ? canRemoveEmail(row) : canRemovePhone(row);
    if (!check.allowed) {
      setProblem(
        errorText(
          isEmail ? 'primary_email_cannot_be_removed' : 'primary_phone_cannot_be_removed',
          locale,
        ),
      );
      return;
    }
    const error = callError(await proof.withProof(() => remove({ locale, kind, id: row.id })));
    if (error) {
      setProblem(apiErrorText(locale, error));
      return;
    }
    notice(isEmail ? t`Email is removed` : t`Phone is removed`, row.shown);
    // Its row (and the button that had the focus) is gone: the focus goes to the section's
    // heading, never to the page's body.
    const heading = document.getElementById(headingId);
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  }

  async function onVerifyLater(row: ContactRow) {
    setProblem(null);
    const result = await resend({ locale, kind, id: row.id });
    const error = callError(result);
    if (error && error.code !== 'resend_too_soon') {
      setProblem(apiErrorText(locale, error));
      return;
    }
    const wait = result.data?.resendIn ?? resendSeconds;
    setStep({ name: 'verify', contact: row, resendAt: Date.now() + wait * 1000 });
  }

  const addingEnabled = settings?.addingContactsEnabled ?? true;
  const title = isEmail ? t`E-mails` : t`Phones`;
  const headingId = `account-${kind}s`;

  return (
    <AccountSection
      id={headingId}
      title={title}
      action={
        addingEnabled ? (
          <Button
            variant="secondary"
            startIcon={<Plus aria-hidden="true" className="size-5" />}
            onClick={() => {
              setProblem(null);
              setStep({ name: 'add' });
            }}
          >
            {isEmail ? t`Add e-mail` : t`Add phone`}
          </Button>
        ) : null
      }
    >
      <p className="text-muted">
        {isEmail ? (
          <Trans>
            The primary e-mail is the one you sign in with. To sign in with another one, add it,
            verify it with the code we send, and make it primary. Then you can remove the old one.
          </Trans>
        ) : (
          <Trans>
            The primary phone is the one you sign in with. To sign in with another one, add it,
            verify it with the code we send by text message, and make it primary. Then you can
            remove the old one.
          </Trans>
        )}
      </p>
      {!addingEnabled ? (
        <Notice tone="info">
          {errorText('adding_contacts_disabled', locale, {
            phone: formatPhone(settings?.supportPhone ?? ''),
          })}
        </Notice>
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {rows.length === 0 ? (
        <p>{isEmail ? <Trans>No e-mail yet.</Trans> : <Trans>No phone yet.</Trans>}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
              <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
                <span className="text-lg font-semibold [overflow-wrap:anywhere]">{row.shown}</span>
                <span className="flex flex-wrap gap-2">
                  {row.reg ? (
                    <Badge tone="primary">
                      <Trans>Primary, used to sign in</Trans>
                    </Badge>
                  ) : null}
                  {row.verified ? null : (
                    <Badge tone="warning">
                      <Trans>Not verified</Trans>
                    </Badge>
                  )}
                </span>
                {!(isEmail ? canRemoveEmail(row) : canRemovePhone(row)).allowed ? (
                  <span className="text-sm text-muted">
                    {errorText(isEmail ? 'primary_email_cannot_be_removed' : 'primary_phone_cannot_be_removed', locale)}
                    {'. '}
                    <Trans>To remove it, first make another one primary.</Trans>
                  </span>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {!row.verified ? (
                  <Button variant="secondary" size="sm" onClick={() => void onVerifyLater(row)}>
                    <Trans>Verify</Trans>
                    <VisuallyHidden> {row.shown}</VisuallyHidden>
                  </Button>
                ) : null}
                {row.verified && !row.reg ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setProblem(null);
                      setStep({ name: 'primary', contact: row });
                    }}
                  >
                    <Trans>Make primary</Trans>
                    <VisuallyHidden> {row.shown}</VisuallyHidden>
                  </Button>
                ) : null}
                {/* The primary one is not removable (the SDK's canRemove rule): it offers no
                    Remove that could only answer an error; the line under it says why. */}
                {row.reg ? null : (
                  <ConfirmButton
                    size="sm"
                    loading={removal.isLoading && removal.originalArgs?.id === row.id}
                    label={
                      <>
                        <Trans>Remove</Trans>
                        <VisuallyHidden> {row.shown}</VisuallyHidden>
                      </>
                    }
                    confirmLabel={<Trans>Press again to remove</Trans>}
                    onConfirm={() => void onRemove(row)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {step ? (
        <ContactDialog
          kind={kind}
          step={step}
          onStep={setStep}
          resendSeconds={resendSeconds}
          onClose={() => setStep(null)}
        />
      ) : null}
      {proof.dialog}
    </AccountSection>
  );
}

function ContactDialog({
  kind,
  step,
  onStep,
  resendSeconds,
  onClose,
}: {
  kind: ContactKind;
  step: Step;
  onStep: (step: Step) => void;
  resendSeconds: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const isEmail = kind === 'email';
  const title =
    step.name === 'add'
      ? isEmail
        ? t`Add an e-mail`
        : t`Add a phone`
      : step.name === 'verify'
        ? isEmail
          ? t`Verify your e-mail`
          : t`Verify your phone`
        : isEmail
          ? t`Make this your primary e-mail`
          : t`Make this your primary phone`;
  return (
    <Dialog open onClose={onClose} title={title} closeLabel={t`Close`} size="sm">
      {step.name === 'add' ? (
        <AddStep
          kind={kind}
          onAdded={(contact) =>
            onStep({ name: 'verify', contact, resendAt: Date.now() + resendSeconds * 1000 })
          }
        />
      ) : step.name === 'verify' ? (
        <VerifyStep
          kind={kind}
          step={step}
          onStep={onStep}
          onVerified={(contact) => onStep({ name: 'primary', contact })}
        />
      ) : (
        <PrimaryStep kind={kind} contact={step.contact} onClose={onClose} />
      )}
    </Dialog>
  );
}

function AddStep({ kind, onAdded }: { kind: ContactKind; onAdded: (contact: ContactRow) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [add, { isLoading }] = useAddContactMutation();
  const proof = useRecentProof();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm(contactAddSchema, { defaultValues: { value: '' } });
  const isEmail = kind === 'email';

  const onSubmit = form.submit(async ({ value }) => {
    setFailure(null);
    if (loginKind(value) !== kind) {
      form.setError('value', { type: 'validate', message: 'wrong_format' }, { shouldFocus: true });
      return;
    }
    const result = await proof.withProof(() => add({ locale, kind, value }));
    const error = callError(result);
    if (error) {
      setFailure(formFailureText(locale, error, form.applyServerErrors));
      return;
    }
    const added = result.data ? findAdded(result.data, kind, value) : undefined;
    if (added) onAdded(added);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p>
        {isEmail ? (
          <Trans>We will send a code to this e-mail to make sure it is yours.</Trans>
        ) : (
          <Trans>We will send a code by text message to make sure this phone is yours.</Trans>
        )}
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {isEmail ? (
        <TextField
          label={t`E-mail`}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.field('value')}
        />
      ) : (
        <TextField
          label={t`Phone number`}
          hint={t`10 digits, for example (555) 123-4567`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...form.field('value')}
        />
      )}
      <Button type="submit" loading={isLoading} loadingLabel={t`Sending`}>
        <Trans>Send the code</Trans>
      </Button>
      {proof.dialog}
    </form>
  );
}

function VerifyStep({
  kind,
  step,
  onStep,
  onVerified,
}: {
  kind: ContactKind;
  step: Extract<Step, { name: 'verify' }>;
  onStep: (step: Step) => void;
  onVerified: (contact: ContactRow) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const [verify, { isLoading }] = useVerifyContactMutation();
  const [resend, resending] = useResendContactCodeMutation();
  const proof = useRecentProof();
  const [failure, setFailure] = useState<string | null>(null);
  const [canResend, setCanResend] = useState(false);
  const form = useShopForm(contactVerifySchema, { defaultValues: { code: '' } });
  const shown = step.contact.shown;

  const onSubmit = form.submit(async ({ code }) => {
    setFailure(null);
    const error = callError(
      await proof.withProof(() => verify({ locale, kind, id: step.contact.id, code })),
    );
    if (!error) {
      notice(kind === 'email' ? t`Email is verified` : t`Phone is verified`, shown);
      onVerified({ ...step.contact, verified: true });
      return;
    }
    if (error.code === 'invalid_code' || error.code === 'code_attempts_exceeded') {
      form.setError('code', { type: 'server', message: error.code }, { shouldFocus: true });
      return;
    }
    setFailure(formFailureText(locale, error, form.applyServerErrors));
  });

  async function onResend() {
    setFailure(null);
    const result = await resend({ locale, kind, id: step.contact.id });
    const error = callError(result);
    if (error && error.code !== 'resend_too_soon') {
      setFailure(apiErrorText(locale, error));
      return;
    }
    setCanResend(false);
    onStep({ ...step, resendAt: Date.now() + (result.data?.resendIn ?? 60) * 1000 });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p>
        <Trans>
          Enter the 6-digit code we sent to{' '}
          <strong className="[overflow-wrap:anywhere]">{shown}</strong>.
        </Trans>
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <OneTimeCodeInput
            label={t`Code`}
            value={field.value ?? ''}
            onChange={field.onChange}
            name={field.name}
            ref={field.ref}
            autoFocus
            error={form.fieldError('code')}
          />
        )}
      />
      <Button type="submit" loading={isLoading} loadingLabel={t`Checking`}>
        <Trans>Verify</Trans>
      </Button>
      <div className="flex flex-wrap items-center gap-3">
        <Countdown key={step.resendAt} until={step.resendAt} onDone={() => setCanResend(true)}>
          {(seconds) =>
            seconds > 0 ? (
              <span className="text-muted">{t`You can ask for another code in ${seconds} s`}</span>
            ) : (
              <span className="text-muted">{t`You can ask for another code now`}</span>
            )
          }
        </Countdown>
        <Button
          variant="link"
          size="sm"
          disabled={!canResend}
          loading={resending.isLoading}
          onClick={() => void onResend()}
        >
          <Trans>Send a new code</Trans>
        </Button>
      </div>
      {proof.dialog}
    </form>
  );
}

function PrimaryStep({
  kind,
  contact,
  onClose,
}: {
  kind: ContactKind;
  contact: ContactRow;
  onClose: () => void;
}) {
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [makePrimary, { isLoading }] = useMakeContactPrimaryMutation();
  const proof = useRecentProof();
  const [failure, setFailure] = useState<string | null>(null);
  const shown = contact.shown;

  async function onConfirm() {
    setFailure(null);
    const error = callError(
      await proof.withProof(() => makePrimary({ locale, kind, id: contact.id })),
    );
    if (error) {
      setFailure(apiErrorText(locale, error));
      return;
    }
    // The sign-in login changed and the API ended every session of the customer (refresh tokens
    // revoked): sign out here too (SDK) and sign in again with it, then come back to the account.
    // The sign-in page says why and starts with the new login filled in.
    await dispatch(signOut());
    const query = new URLSearchParams({ redirect: localize('/account'), changed: kind, login: contact.shown });
    navigate(`${localize(kind === 'phone' ? '/login/phone' : '/login')}?${query.toString()}`, { replace: true });
  }

  return (
    <div className="flex flex-col gap-4">
      <p>
        {kind === 'email' ? (
          <Trans>
            Do you want to sign in with{' '}
            <strong className="[overflow-wrap:anywhere]">{shown}</strong> from now on? You will be
            signed out and asked to sign in again with it, on this device and on the others.
          </Trans>
        ) : (
          <Trans>
            Do you want to sign in with <strong>{shown}</strong> from now on? You will be signed out
            and asked to sign in again with it, on this device and on the others.
          </Trans>
        )}
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="flex flex-wrap gap-3">
        <Button loading={isLoading} onClick={() => void onConfirm()}>
          <Trans>Make primary and sign in again</Trans>
        </Button>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Not now</Trans>
        </Button>
      </div>
      {proof.dialog}
    </div>
  );
}
