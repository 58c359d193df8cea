// The small pieces every contact form uses (the section's rows and the add, verify and primary
// steps): the hidden fields saying what a form is about, the text of a refusal, whether a post is
// under way, and a step's form. One file, so the steps and the list share them without a circle.
import type { FormEvent, ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { CsrfField } from '../../../kernel/page-form';
import type { SdkQueryError } from '../../../lib/api';
import { useLocale } from '../../../lib/use-locale';
import type { ContactKind } from '../account-api';
import { formFailureText } from '../form-result';
import { RECENT_PROOF_REQUIRED, type useProvenPost } from '../recent-proof';
import type { ContactIntent, ContactRow } from './contact-forms';

/** A contact form's hidden fields: what it is about. */
export function ContactHidden({ intent, kind, contact }: { intent: ContactIntent; kind: ContactKind; contact?: ContactRow }) {
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
export function useRefusalText() {
  const { t } = useLingui();
  const locale = useLocale();
  return (error: SdkQueryError, apply: (error: SdkQueryError) => boolean = () => false) =>
    error.code === RECENT_PROOF_REQUIRED
      ? t`For your security, sign in again (with a code or your password), then make this change within a few minutes.`
      : formFailureText(locale, error, apply);
}

/** Whether the navigation under way posts `intent` for `kind`. */
export function usePosting(intent: ContactIntent, kind: ContactKind): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get('kind') === kind
  );
}

/** A step's form, checked here first (`onSubmit`), whose post may ask for a recent proof. */
export function StepForm({
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
