// The last step of adding a contact, also asked from a verified row: make it the sign-in one
// (every session ends, so the member signs in again with it), or not now. Drawn by
// contact-step-view.tsx.
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Button, buttonClasses } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { FailureNotice } from '../../../kernel/page-form';
import { apiErrorText } from '../../../lib/form-messages';
import { useLocale } from '../../../lib/use-locale';
import type { ContactKind } from '../account-api';
import type { useProvenPost } from '../recent-proof';
import { CONTACT_INTENTS, type Step } from './contact-forms';
import { ContactHidden, usePosting, useRefusalText } from './contact-form-parts';

export function PrimaryStep({
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
