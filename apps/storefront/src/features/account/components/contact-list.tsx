// The section's rows: each e-mail (or phone) with its marks (primary, not verified) and its
// forms (Verify, Make primary, Remove). Moved out of contacts-section.tsx as it stood there, so
// the section reads as its state and steps; the section keeps the state and hands it down.
import type { FormEvent } from 'react';
import { Form } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Mail, Phone } from '@otc/ui/icons';
import { canRemoveEmail, canRemovePhone, errorText } from '@otc/sdk';
import { Badge, Button, ConfirmButton, VisuallyHidden } from '@otc/ui';
import type { Locale } from '../../../lib/locale';
import type { ContactKind } from '../account-api';
import { RemoveStepForm } from '../../../components/remove-step';
import { CONTACT_INTENTS, contactsSectionIdOf, primaryStepOf, removeStepOf, type ContactRow, type Step } from './contact-forms';
import { ContactHidden } from './contact-form-parts';

/** The e-mails (or phones) of the customer, or the line saying there is none yet. */
export function ContactList({
  kind,
  rows,
  locale,
  removing,
  setInPage,
  open,
  onRemove,
}: {
  kind: ContactKind;
  rows: ContactRow[];
  locale: Locale;
  /** The id of the row whose Remove is being posted (its button shows it is busy). */
  removing: string | null;
  /** Verify posts a new code: its step then opens in a dialog, not in the page. */
  setInPage: (inPage: boolean) => void;
  /** Opens a step (Make primary asks first). */
  open: (next: Step) => void;
  /** Remove's post, checked first by the SDK's rule. */
  onRemove: (row: ContactRow) => void;
}) {
  const isEmail = kind === 'email';
  const Icon = isEmail ? Mail : Phone;
  return rows.length === 0 ? (
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
              <>
                {/* With the scripts the second press posts this form (the section's onRemove finds it by its id). */}
                <Form method="post" id={`remove-${kind}-${row.id}`} hidden>
                  <ContactHidden intent={CONTACT_INTENTS.remove} kind={kind} contact={row} />
                </Form>
                {/* Without them a GET of the section's confirmation step (`?remove=email-5`), at the section. */}
                <RemoveStepForm action={`#${contactsSectionIdOf(kind)}`} value={removeStepOf(kind, row.id)}>
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
                </RemoveStepForm>
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
