// The first step of adding an e-mail or phone: type it, checked here first (a phone number is
// not an e-mail), and a code is sent to it. Drawn by contact-step-view.tsx.
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { contactAddSchema } from '@otc/sdk';
import { loginKind } from '@otc/sdk/validation';
import { Button, LiveMessage, TextField } from '@otc/ui';
import { FailureNotice, useCheckedPost } from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import type { ContactKind } from '../account-api';
import { formFailureText } from '../form-result';
import type { useProvenPost } from '../recent-proof';
import { CONTACT_INTENTS, type Refused } from './contact-forms';
import { ContactHidden, StepForm, usePosting, useRefusalText } from './contact-form-parts';

export function AddStep({
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
