// The account page's e-mails (or phones) section: its state, its notices and where its steps are
// drawn. Its pieces stand beside it: the rows (contact-list.tsx), the steps (contact-step-view.tsx),
// the action (contacts-action.ts) and what they all share (contact-forms.ts, contact-form-parts.tsx).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useActionData, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from '@otc/ui/icons';
import { canRemoveEmail, canRemovePhone, errorText, formatPhone } from '@otc/sdk';
import { Button, Dialog, Notice } from '@otc/ui';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { apiErrorText } from '../../../lib/form-messages';
import { useLocale } from '../../../lib/use-locale';
import { REMOVE_STEP_PARAM, doneParam } from '../../../lib/page-params';
import { useLocalizePath } from '../../../lib/use-locale';
import { RemoveStep } from '../../../components/remove-step';
import type { ContactKind, Customer } from '../account-api';
import { useProvenPost } from '../recent-proof';
import { useSuccessNotice } from '../use-saved-notice';
import { AccountSection } from '../../../components/account-layout';
import {
  CONTACT_INTENTS,
  addStepOf,
  contactsSectionIdOf,
  isContactIntent,
  primaryStepOf,
  removeStepOf,
  removedDoneOf,
  rowsOf,
  stepAfter,
  verifiedDoneOf,
  verifyStepOf,
  type ContactAnswer,
  type ContactRow,
  type Refused,
  type Step,
} from './contact-forms';
import { useRefusalText } from './contact-form-parts';
import { ContactList } from './contact-list';
import { StepView, useStepTitle } from './contact-step-view';

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
  // What a post sent without the scripts did is said in the page its redirect led to
  // (`?done=verified-phone:3`, `?done=removed-email`); one of a post made here is a notification.
  const doneHere = answer ? null : doneParam(search, [verifiedDoneOf(kind), removedDoneOf(kind)]);
  // A contact said verified is one of this section's, verified.
  const drawnVerified =
    doneHere?.intent === verifiedDoneOf(kind)
      ? rowsOf(customer, kind).find((one) => one.id === doneHere.id && one.verified)
      : undefined;
  const drawnDone = doneHere?.intent === removedDoneOf(kind) || drawnVerified ? doneHere : null;
  // The step the page was drawn on (the server's, without the scripts: a refusal's, or the one its
  // address asks for) stays in the page; one opened here is a dialog.
  const [step, setStep] = useState<Step | null>(() => {
    if (mine) return stepAfter(mine, resendSeconds) ?? null;
    const asked = search.get('step');
    if (asked === addStepOf(kind)) return { name: 'add' };
    const rows = rowsOf(customer, kind);
    // A code sent to a contact just added (or sent again): its wait is not in the address, so the
    // page offers a new code at once (the API refuses one asked too early, saying how long).
    const toVerify = rows.find((one) => asked === verifyStepOf(kind, one.id));
    if (toVerify && !toVerify.verified) return { name: 'verify', contact: toVerify, resendAt: 0 };
    const row = rows.find((one) => asked === primaryStepOf(kind, one.id));
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
  const localize = useLocalizePath();
  // `?remove=email-5`: where Remove leads without the scripts, asked in the page (with them the
  // second press asks). Never the primary one, which cannot be removed.
  const toRemove = rows.find((one) => !one.reg && search.get(REMOVE_STEP_PARAM) === removeStepOf(kind, one.id));
  const title = isEmail ? t`E-mails` : t`Phones`;
  const headingId = contactsSectionIdOf(kind);

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
      {drawnDone ? (
        <Notice
          tone="success"
          title={
            drawnDone.intent === verifiedDoneOf(kind)
              ? isEmail
                ? t`Email is verified`
                : t`Phone is verified`
              : isEmail
                ? t`Email is removed`
                : t`Phone is removed`
          }
        >
          {drawnVerified ? <span className="[overflow-wrap:anywhere]">{drawnVerified.shown}</span> : null}
        </Notice>
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {toRemove ? (
        <RemoveStep
          title={isEmail ? <Trans>Remove this e-mail?</Trans> : <Trans>Remove this phone?</Trans>}
          action={localize('/account')}
          fields={{
            intent: CONTACT_INTENTS.remove,
            kind,
            id: String(toRemove.id),
            value: toRemove.value,
            shown: toRemove.shown,
          }}
          confirmLabel={<Trans>Yes, remove it</Trans>}
          cancelTo={`/account#${headingId}`}
        >
          <p className="[overflow-wrap:anywhere]">{toRemove.shown}</p>
        </RemoveStep>
      ) : null}
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
      <ContactList
        kind={kind}
        rows={rows}
        locale={locale}
        removing={removing}
        setInPage={setInPage}
        open={open}
        onRemove={onRemove}
      />
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
