import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Form,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
  useSubmit,
  type ActionFunctionArgs,
} from 'react-router';
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
  LiveMessage,
  Notice,
  OneTimeCodeInput,
  TextField,
  VisuallyHidden,
  buttonClasses,
} from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { signOut } from '../../../kernel/session-slice';
import { AppLink } from '../../../components/app-link';
import type { SdkQueryError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath, localizePath } from '../../../lib/locale';
import {
  CsrfField,
  FailureNotice,
  formFailure,
  parsePosted,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { accountApi, type ContactKind, type Customer } from '../account-api';
import { formFailureText } from '../form-result';
import { RECENT_PROOF_REQUIRED, useProvenPost } from '../recent-proof';
import { useSuccessNotice } from '../use-saved-notice';
import { AccountSection } from '../../../components/account-layout';

/** The contact forms' intents on the account page's action. */
export const CONTACT_INTENTS = {
  add: 'add-contact',
  verify: 'verify-contact',
  resend: 'resend-contact',
  primary: 'make-contact-primary',
  remove: 'remove-contact',
} as const;
type ContactIntent = (typeof CONTACT_INTENTS)[keyof typeof CONTACT_INTENTS];
const INTENTS: readonly string[] = Object.values(CONTACT_INTENTS);

/** True when a post's `intent` is a contact form's. */
export function isContactIntent(intent: unknown): boolean {
  return typeof intent === 'string' && INTENTS.includes(intent);
}

/** The page's `step` that draws the add form in the page (without the scripts): add-email, add-phone. */
const addStepOf = (kind: ContactKind) => `add-${kind}`;
/** The page's `step` that asks, in the page, to make a verified contact the sign-in one. */
const primaryStepOf = (kind: ContactKind, id: number) => `primary-${kind}-${id}`;

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

/**
 * Whether making `contact` primary is worth asking right after it is verified: only when it would
 * replace the sign-in one of its kind (issue 33, item 15). A first phone (or e-mail) has none to
 * replace; made primary, every session would end for nothing the member asked for (the API
 * signs everyone out on a make-primary). It can still be made primary from its row.
 */
function replacesPrimary(customer: Customer, kind: ContactKind, contact: ContactRow): boolean {
  return rowsOf(customer, kind).some((row) => row.reg && row.id !== contact.id);
}

/** What the account page's action answers to a contact form: done, or refused. */
export type ContactAnswer =
  | {
      intent: ContactIntent;
      kind: ContactKind;
      contact: ContactRow;
      done: true;
      /** When another code may be asked for (seconds), after a code went out. */
      resendIn?: number;
      /** A verified contact: whether to ask to make it the sign-in one (see `replacesPrimary`). */
      askPrimary?: boolean;
    }
  | (FormFailure<{ value: string }> & {
      intent: ContactIntent;
      kind: ContactKind;
      contact?: ContactRow;
    });
type Refused = Extract<ContactAnswer, { error: SdkQueryError }>;

/** A code refused: said under the code box, not above the form. */
function isCodeError(error: SdkQueryError): boolean {
  return error.code === 'invalid_code' || error.code === 'code_attempts_exceeded';
}

/** The contact a form names by its hidden fields (id, value, shown), as the page drew it. */
function postedContact(form: FormData): ContactRow {
  const { id = '', value = '', shown = '', reg = '' } = textFields(form, ['id', 'value', 'shown', 'reg']);
  return { id: Number(id), value, shown: shown || value, reg: reg === 'true', verified: false };
}

/**
 * The account page's action for the e-mail and phone forms (told by `intent` and `kind`): add (a
 * code goes to it), verify with the code, a new code, make primary (the sign-in one: every
 * session ends, so it goes on to sign in again) and remove. On the server for a form sent without
 * the scripts, here with them; a refusal keeps what was typed and the step it was on.
 */
export async function contactsAction(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const pathname = new URL(args.request.url).pathname;
  const locale = localeOfPath(pathname);
  const form = await args.request.formData();
  const { intent = '', kind: postedKind = '', code = '' } = textFields(form, ['intent', 'kind', 'code']);
  const kind: ContactKind | null = postedKind === 'email' || postedKind === 'phone' ? postedKind : null;
  if (!kind || !isContactIntent(intent)) {
    return new Response(null, { status: 400, statusText: 'Unknown form' });
  }
  const at = { intent: intent as ContactIntent, kind };
  const contact = postedContact(form);
  const endpoints = accountApi.endpoints;

  if (intent === CONTACT_INTENTS.add) {
    const value = textFields(form, ['value']).value ?? '';
    const checked = parsePosted(contactAddSchema, { value });
    if ('error' in checked) return formFailure({ value }, checked.error, at);
    if (loginKind(checked.data.value) !== kind) {
      return formFailure({ value }, {
        status: 422,
        code: 'validation_failed',
        message: 'validation_failed',
        fieldCodes: { value: { code: 'wrong_format' } },
      }, at);
    }
    const added = await store.dispatch(endpoints.addContact.initiate({ locale, kind, value: checked.data.value }));
    if (added.error) return formFailure({ value }, added.error, at);
    const row = findAdded(added.data, kind, checked.data.value);
    if (!row) return formFailure({ value }, { status: 503, message: 'malformed_answer', code: 'malformed_answer' }, at);
    return { ...at, contact: row, done: true } satisfies ContactAnswer;
  }
  if (intent === CONTACT_INTENTS.verify) {
    const checked = parsePosted(contactVerifySchema, { code });
    if ('error' in checked) return formFailure({}, checked.error, { ...at, contact });
    const verified = await store.dispatch(
      endpoints.verifyContact.initiate({ locale, kind, id: contact.id, code: checked.data.code }),
    );
    if (verified.error) return formFailure({}, verified.error, { ...at, contact });
    const row = rowsOf(verified.data, kind).find((one) => one.id === contact.id) ?? { ...contact, verified: true };
    return {
      ...at,
      contact: row,
      done: true,
      askPrimary: !row.reg && replacesPrimary(verified.data, kind, row),
    } satisfies ContactAnswer;
  }
  if (intent === CONTACT_INTENTS.resend) {
    const sent = await store.dispatch(endpoints.resendContactCode.initiate({ locale, kind, id: contact.id }));
    // A code sent a moment ago still works: type that one.
    if (sent.error && (sent.error as SdkQueryError).code !== 'resend_too_soon') {
      return formFailure({}, sent.error, { ...at, contact });
    }
    return { ...at, contact, done: true, resendIn: sent.data?.resendIn } satisfies ContactAnswer;
  }
  if (intent === CONTACT_INTENTS.primary) {
    const made = await store.dispatch(endpoints.makeContactPrimary.initiate({ locale, kind, id: contact.id }));
    if (made.error) return formFailure({}, made.error, { ...at, contact });
    // The sign-in login changed and the API ended every session of the customer: sign out here
    // too (SDK) and sign in again with it, then back to the account. The sign-in page says why
    // and starts with the new login filled in.
    await store.dispatch(signOut());
    const query = new URLSearchParams({
      redirect: localizePath('/account', locale),
      changed: kind,
      login: contact.shown,
    });
    return redirect(`${localizePath(kind === 'phone' ? '/login/phone' : '/login', locale)}?${query.toString()}`);
  }
  // Remove: the primary one cannot be (the SDK's rule, the API's 409 too).
  const removed = await store.dispatch(endpoints.removeContact.initiate({ locale, kind, id: contact.id }));
  if (removed.error) return formFailure({}, removed.error, { ...at, contact });
  return { ...at, contact, done: true } satisfies ContactAnswer;
}

/** Where the add form is: adding, verifying one contact, or offering to make it the sign-in one. */
type Step =
  | { name: 'add'; refused?: Refused }
  | { name: 'verify'; contact: ContactRow; resendAt: number; refused?: Refused }
  | { name: 'primary'; contact: ContactRow; refused?: Refused };

/** The step an answer of this kind leads to (undefined: the step stays as it is; null: none). */
function stepAfter(answer: ContactAnswer, resendSeconds: number): Step | null | undefined {
  const refused = 'error' in answer ? answer : undefined;
  const resendAt = Date.now() + ('done' in answer && answer.resendIn !== undefined ? answer.resendIn : resendSeconds) * 1000;
  switch (answer.intent) {
    case CONTACT_INTENTS.add:
      return refused ? { name: 'add', refused } : { name: 'verify', contact: answer.contact!, resendAt };
    case CONTACT_INTENTS.resend:
    case CONTACT_INTENTS.verify:
      if (refused || answer.intent === CONTACT_INTENTS.resend) {
        return { name: 'verify', contact: answer.contact!, resendAt, refused };
      }
      return 'askPrimary' in answer && answer.askPrimary ? { name: 'primary', contact: answer.contact } : null;
    case CONTACT_INTENTS.primary:
      return { name: 'primary', contact: answer.contact!, refused };
    default:
      return undefined;
  }
}

/** A contact form's hidden fields: what it is about. */
function ContactHidden({ intent, kind, contact }: { intent: ContactIntent; kind: ContactKind; contact?: ContactRow }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      {contact ? (
        <>
          <input type="hidden" name="id" value={contact.id} />
          <input type="hidden" name="value" value={contact.value} />
          <input type="hidden" name="shown" value={contact.shown} />
        </>
      ) : null}
    </>
  );
}

/** The text above a form for a refusal (a recent proof asked for without the scripts: sign in again). */
function useRefusalText() {
  const { t } = useLingui();
  const locale = useLocale();
  return (error: SdkQueryError, apply: (error: SdkQueryError) => boolean = () => false) =>
    error.code === RECENT_PROOF_REQUIRED
      ? t`For your security, sign in again (with a code or your password), then make this change within a few minutes.`
      : formFailureText(locale, error, apply);
}

/**
 * The customer's e-mails (or phones): the primary one (the sign-in one) marked, add and verify
 * with a code, make another primary (then sign in again), remove a non-primary one. The primary
 * cannot be removed (SDK `canRemoveEmail` / `canRemovePhone`). Where the shop's settings turn
 * adding off, the customer is told to call the contact center instead. Each is a form posted to
 * the account page's action (`contactsAction`), so it works without the scripts too: the steps
 * are then drawn in the page (`?step=add-phone` opens the add form), with the scripts in a dialog.
 */
export function ContactsSection({ customer, kind }: { customer: Customer; kind: ContactKind }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: settings } = useGetSettingsQuery();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [search] = useSearchParams();
  const notice = useSuccessNotice();
  const refusalText = useRefusalText();
  const stepTitle = useStepTitle(kind);
  const resendSeconds = settings?.codeResendSeconds ?? 60;
  const answer = useActionData<ContactAnswer | { intent?: string } | undefined>();
  const mine =
    answer && isContactIntent(answer.intent) && (answer as ContactAnswer).kind === kind
      ? (answer as ContactAnswer)
      : undefined;
  // The answer the page was first drawn with (by the server, after a post sent without the
  // scripts) is said in the page; one of a post made here is a notification.
  const [drawnWith] = useState(answer);
  const drawnDone = mine && mine === drawnWith && 'done' in mine ? mine : undefined;
  // The step the page was drawn on (the server's, without the scripts) stays in the page; one
  // opened here is a dialog.
  const [step, setStep] = useState<Step | null>(() => {
    if (mine) return stepAfter(mine, resendSeconds) ?? null;
    const asked = search.get('step');
    if (asked === addStepOf(kind)) return { name: 'add' };
    const row = rowsOf(customer, kind).find((one) => asked === primaryStepOf(kind, one.id));
    return row?.verified && !row.reg ? { name: 'primary', contact: row } : null;
  });
  const [inPage, setInPage] = useState(step !== null);
  const removal = mine?.intent === CONTACT_INTENTS.remove ? mine : undefined;
  const [problem, setProblem] = useState<string | null>(() =>
    removal && 'error' in removal ? refusalText(removal.error) : null,
  );
  const proof = useProvenPost(() => {
    if (removal && 'error' in removal) setProblem(apiErrorText(locale, removal.error));
  });
  const removing =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === CONTACT_INTENTS.remove &&
    navigation.formData.get('kind') === kind
      ? String(navigation.formData.get('id'))
      : null;
  const rows = rowsOf(customer, kind);
  const isEmail = kind === 'email';
  const Icon = isEmail ? Mail : Phone;
  const title = isEmail ? t`E-mails` : t`Phones`;
  const headingId = `account-${kind}s`;

  // An answer of a post made here: the next step, the notification, or why it failed.
  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (!mine) return;
    const next = stepAfter(mine, resendSeconds);
    if (next !== undefined && !(next?.refused && proofAsked(next.refused))) setStep(next);
    if ('error' in mine) {
      if (mine.intent === CONTACT_INTENTS.remove && !proof.asks(mine.error)) setProblem(apiErrorText(locale, mine.error));
      return;
    }
    if (mine.intent === CONTACT_INTENTS.verify) {
      notice(isEmail ? t`Email is verified` : t`Phone is verified`, mine.contact.shown);
    } else if (mine.intent === CONTACT_INTENTS.remove) {
      notice(isEmail ? t`Email is removed` : t`Phone is removed`, mine.contact.shown);
      // Its row (and the button that had the focus) is gone: the focus goes to the section's
      // heading, never to the page's body.
      const heading = document.getElementById(headingId);
      if (heading) {
        heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new answer only
  }, [answer]);
  // The step's own refusals that ask for a recent proof open the dialog (the step stays).
  const stepProof = useProvenPost(() => {
    if (mine && 'error' in mine) setStep(stepAfter(mine, resendSeconds) ?? null);
  });
  function proofAsked(refused: Refused): boolean {
    return refused.intent !== CONTACT_INTENTS.remove && stepProof.asks(refused.error);
  }

  function open(next: Step) {
    setProblem(null);
    setInPage(false);
    setStep(next);
  }

  // The remove form's post, checked first by the SDK's rule.
  function onRemove(row: ContactRow) {
    setProblem(null);
    const check = isEmail ? canRemoveEmail(row) : canRemovePhone(row);
    if (!check.allowed) {
      setProblem(
        errorText(isEmail ? 'primary_email_cannot_be_removed' : 'primary_phone_cannot_be_removed', locale),
      );
      return;
    }
    const form = document.getElementById(`remove-${kind}-${row.id}`) as HTMLFormElement | null;
    proof.sending(form);
    if (form) void submit(form);
  }

  const addingEnabled = settings?.addingContactsEnabled ?? true;
  // "Add": a GET form to `?step=add-…` (without the scripts), the dialog with them.
  const addButton = addingEnabled ? (
    <form
      method="get"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        open({ name: 'add' });
      }}
    >
      <input type="hidden" name="step" value={addStepOf(kind)} />
      <Button type="submit" variant="secondary" startIcon={<Plus aria-hidden="true" className="size-5" />}>
        {isEmail ? t`Add e-mail` : t`Add phone`}
      </Button>
    </form>
  ) : null;

  const stepView = step ? (
    <StepView
      kind={kind}
      step={step}
      onStep={setStep}
      onClose={() => setStep(null)}
      proof={stepProof}
      closeTo={inPage ? '/account' : undefined}
    />
  ) : null;

  return (
    <AccountSection id={headingId} title={title} action={inPage && step ? null : addButton}>
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
      {drawnDone && (drawnDone.intent === CONTACT_INTENTS.verify || drawnDone.intent === CONTACT_INTENTS.remove) ? (
        <Notice
          tone="success"
          title={
            drawnDone.intent === CONTACT_INTENTS.verify
              ? isEmail
                ? t`Email is verified`
                : t`Phone is verified`
              : isEmail
                ? t`Email is removed`
                : t`Phone is removed`
          }
        >
          <span className="[overflow-wrap:anywhere]">{drawnDone.contact.shown}</span>
        </Notice>
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {inPage && stepView ? (
        <section
          aria-labelledby={`${headingId}-step`}
          className="flex flex-col gap-4 rounded-2xl border-2 border-border bg-surface p-4 sm:p-5"
        >
          <h3 id={`${headingId}-step`} className="text-xl font-bold">
            {stepTitle(step!)}
          </h3>
          {stepView}
        </section>
      ) : null}
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
                  // A new code, then the code step.
                  <Form method="post" onSubmit={() => setInPage(false)}>
                    <ContactHidden intent={CONTACT_INTENTS.resend} kind={kind} contact={row} />
                    <Button type="submit" variant="secondary" size="sm">
                      <Trans>Verify</Trans>
                      <VisuallyHidden> {row.shown}</VisuallyHidden>
                    </Button>
                  </Form>
                ) : null}
                {row.verified && !row.reg ? (
                  // The question first: in a dialog with the scripts, drawn in the page by
                  // `?step=primary-<kind>-<id>` without them.
                  <form
                    method="get"
                    onSubmit={(event: FormEvent<HTMLFormElement>) => {
                      event.preventDefault();
                      open({ name: 'primary', contact: row });
                    }}
                  >
                    <input type="hidden" name="step" value={primaryStepOf(kind, row.id)} />
                    <Button type="submit" variant="secondary" size="sm">
                      <Trans>Make primary</Trans>
                      <VisuallyHidden> {row.shown}</VisuallyHidden>
                    </Button>
                  </form>
                ) : null}
                {/* The primary one is not removable (the SDK's canRemove rule): it offers no
                    Remove that could only answer an error; the line under it says why. */}
                {row.reg ? null : (
                  <Form method="post" id={`remove-${kind}-${row.id}`}>
                    <ContactHidden intent={CONTACT_INTENTS.remove} kind={kind} contact={row} />
                    <ConfirmButton
                      size="sm"
                      submitsForm
                      loading={removing === String(row.id)}
                      label={
                        <>
                          <Trans>Remove</Trans>
                          <VisuallyHidden> {row.shown}</VisuallyHidden>
                        </>
                      }
                      confirmLabel={<Trans>Press again to remove</Trans>}
                      onConfirm={() => onRemove(row)}
                    />
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {step && !inPage ? (
        <Dialog open onClose={() => setStep(null)} title={stepTitle(step)} closeLabel={t`Close`} size="sm">
          {stepView}
        </Dialog>
      ) : null}
      {proof.dialog}
      {stepProof.dialog}
    </AccountSection>
  );
}

/** A step's title (of the dialog, or of the part of the page it is drawn in). */
function useStepTitle(kind: ContactKind): (step: Step) => string {
  const { t } = useLingui();
  const isEmail = kind === 'email';
  return (step) =>
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
}

function StepView({
  kind,
  step,
  onStep,
  onClose,
  proof,
  closeTo,
}: {
  kind: ContactKind;
  step: Step;
  onStep: (step: Step) => void;
  onClose: () => void;
  proof: ReturnType<typeof useProvenPost>;
  /** Drawn in the page: Close / Not now is a link back to the page. */
  closeTo?: string;
}) {
  return step.name === 'add' ? (
    <AddStep kind={kind} refused={step.refused} proof={proof} />
  ) : step.name === 'verify' ? (
    <VerifyStep kind={kind} step={step} onStep={onStep} proof={proof} />
  ) : (
    <PrimaryStep kind={kind} step={step} onClose={onClose} proof={proof} closeTo={closeTo} />
  );
}

/** Whether the navigation under way posts `intent` for `kind`. */
function usePosting(intent: ContactIntent, kind: ContactKind): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get('kind') === kind
  );
}

/** A step's form, checked here first (`onSubmit`), whose post may ask for a recent proof. */
function StepForm({
  proof,
  onSubmit,
  children,
}: {
  proof: ReturnType<typeof useProvenPost>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        proof.sending(event.currentTarget);
        onSubmit(event);
      }}
      className="flex flex-col gap-4"
    >
      {children}
    </Form>
  );
}

function AddStep({
  kind,
  refused,
  proof,
}: {
  kind: ContactKind;
  refused?: Refused;
  proof: ReturnType<typeof useProvenPost>;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const refusalText = useRefusalText();
  const busy = usePosting(CONTACT_INTENTS.add, kind);
  // Drawn by the server after a refused post: what was typed.
  const [typed] = useState(refused?.values.value ?? '');
  const form = useShopForm(contactAddSchema, { defaultValues: { value: typed }, serverError: refused?.error });
  const [failure, setFailure] = useState<string | null>(() =>
    refused && !Object.keys(refused.error.fieldCodes ?? {}).length ? refusalText(refused.error) : null,
  );
  const isEmail = kind === 'email';

  // A refusal of a post made here: under the field, or above the form.
  const seen = useRef(refused);
  useEffect(() => {
    if (seen.current === refused) return;
    seen.current = refused;
    if (refused) setFailure(formFailureText(locale, refused.error, form.applyServerErrors));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new refusal only
  }, [refused]);

  // Checked here first (the contract, then the kind: a phone number is not an e-mail); a form
  // that passes goes to the page's action.
  const onSubmit = useCheckedPost((post) => {
    setFailure(null);
    return form.submit(async ({ value }) => {
      if (loginKind(value) !== kind) {
        form.setError('value', { type: 'validate', message: 'wrong_format' });
        form.showInvalid();
        return;
      }
      await post();
    });
  });

  return (
    <StepForm proof={proof} onSubmit={onSubmit}>
      <ContactHidden intent={CONTACT_INTENTS.add} kind={kind} />
      <p>
        {isEmail ? (
          <Trans>We will send a code to this e-mail to make sure it is yours.</Trans>
        ) : (
          <Trans>We will send a code by text message to make sure this phone is yours.</Trans>
        )}
      </p>
      {failure ? <FailureNotice>{failure}</FailureNotice> : null}
      <LiveMessage message={form.spoken} />
      {isEmail ? (
        <TextField
          label={t`E-mail`}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...form.field('value')}
          defaultValue={typed}
        />
      ) : (
        <TextField
          label={t`Phone number`}
          hint={t`10 digits, for example (555) 123-4567`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...form.field('value')}
          defaultValue={typed}
        />
      )}
      <Button type="submit" loading={busy} loadingLabel={t`Sending`}>
        <Trans>Send the code</Trans>
      </Button>
    </StepForm>
  );
}

function VerifyStep({
  kind,
  step,
  onStep,
  proof,
}: {
  kind: ContactKind;
  step: Extract<Step, { name: 'verify' }>;
  onStep: (step: Step) => void;
  proof: ReturnType<typeof useProvenPost>;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const refusalText = useRefusalText();
  const busy = usePosting(CONTACT_INTENTS.verify, kind);
  const resending = usePosting(CONTACT_INTENTS.resend, kind);
  const refused = step.refused;
  const codeError = (error: SdkQueryError | undefined) =>
    error && isCodeError(error) ? { ...error, fieldCodes: { code: { code: error.code! } } } : error;
  const form = useShopForm(contactVerifySchema, {
    defaultValues: { code: '' },
    serverError: codeError(refused?.error),
  });
  const [failure, setFailure] = useState<string | null>(() =>
    refused && !isCodeError(refused.error) && !Object.keys(refused.error.fieldCodes ?? {}).length
      ? refusalText(refused.error)
      : null,
  );
  // Without the scripts the resend button is always there (the API says when it is too soon).
  const [canResend, setCanResend] = useState(true);
  const [counting, setCounting] = useState(false);
  useEffect(() => {
    setCounting(true);
    setCanResend(step.resendAt <= Date.now());
  }, [step.resendAt]);
  const shown = step.contact.shown;

  // A refusal of a post made here: under the code box, or above the form.
  const seen = useRef(refused);
  useEffect(() => {
    if (seen.current === refused) return;
    seen.current = refused;
    if (!refused) return;
    if (isCodeError(refused.error)) {
      form.setError('code', { type: 'server', message: refused.error.code });
      form.showInvalid(() => form.setFocus('code'));
    } else if (refused.intent === CONTACT_INTENTS.resend) {
      setFailure(apiErrorText(locale, refused.error));
    } else {
      setFailure(formFailureText(locale, refused.error, form.applyServerErrors));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new refusal only
  }, [refused]);

  const onSubmit = useCheckedPost((post) => {
    setFailure(null);
    return form.submit(post);
  });

  return (
    <div className="flex flex-col gap-4">
      <StepForm proof={proof} onSubmit={onSubmit}>
        <ContactHidden intent={CONTACT_INTENTS.verify} kind={kind} contact={step.contact} />
        <p>
          <Trans>
            Enter the 6-digit code we sent to{' '}
            <strong className="[overflow-wrap:anywhere]">{shown}</strong>.
          </Trans>
        </p>
        {failure ? <FailureNotice>{failure}</FailureNotice> : null}
        <LiveMessage message={form.spoken} />
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
        <Button type="submit" loading={busy} loadingLabel={t`Checking`}>
          <Trans>Verify</Trans>
        </Button>
      </StepForm>
      <Form
        method="post"
        className="flex flex-wrap items-center gap-3"
        onSubmit={() => {
          setFailure(null);
          form.reset({ code: '' });
          onStep({ ...step, refused: undefined });
        }}
      >
        <ContactHidden intent={CONTACT_INTENTS.resend} kind={kind} contact={step.contact} />
        {counting ? (
          <Countdown key={step.resendAt} until={step.resendAt} onDone={() => setCanResend(true)}>
            {(seconds) =>
              seconds > 0 ? (
                <span className="text-muted">{t`You can ask for another code in ${seconds} s`}</span>
              ) : (
                <span className="text-muted">{t`You can ask for another code now`}</span>
              )
            }
          </Countdown>
        ) : null}
        <Button type="submit" variant="link" size="sm" disabled={!canResend} loading={resending}>
          <Trans>Send a new code</Trans>
        </Button>
      </Form>
    </div>
  );
}

function PrimaryStep({
  kind,
  step,
  onClose,
  proof,
  closeTo,
}: {
  kind: ContactKind;
  step: Extract<Step, { name: 'primary' }>;
  onClose: () => void;
  proof: ReturnType<typeof useProvenPost>;
  closeTo?: string;
}) {
  const locale = useLocale();
  const refusalText = useRefusalText();
  const busy = usePosting(CONTACT_INTENTS.primary, kind);
  const shown = step.contact.shown;
  const refused = step.refused;
  const [failure, setFailure] = useState(() => (refused ? refusalText(refused.error) : null));
  // A refusal of a post made here.
  const seen = useRef(refused);
  useEffect(() => {
    if (seen.current === refused) return;
    seen.current = refused;
    setFailure(refused ? apiErrorText(locale, refused.error) : null);
  }, [refused, locale]);

  return (
    <Form
      method="post"
      className="flex flex-col gap-4"
      onSubmit={(event) => proof.sending(event.currentTarget)}
    >
      <ContactHidden intent={CONTACT_INTENTS.primary} kind={kind} contact={step.contact} />
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
      {failure ? <FailureNotice>{failure}</FailureNotice> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          <Trans>Make primary and sign in again</Trans>
        </Button>
        {closeTo ? (
          <AppLink to={closeTo} onClick={onClose} className={buttonClasses({ variant: 'secondary' })}>
            <Trans>Not now</Trans>
          </AppLink>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            <Trans>Not now</Trans>
          </Button>
        )}
      </div>
    </Form>
  );
}
