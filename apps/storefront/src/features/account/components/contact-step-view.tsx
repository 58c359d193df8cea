// Which step of adding a contact is drawn (add, verify with the code, make it primary), and its
// title: the section draws it in a dialog, or in the page without the scripts. Each step stands
// in its own file (add-contact-step.tsx, verify-contact-step.tsx, primary-contact-step.tsx).
import { useLingui } from '@lingui/react/macro';
import type { ContactKind } from '../account-api';
import type { useProvenPost } from '../recent-proof';
import type { Step } from './contact-forms';
import { AddStep } from './add-contact-step';
import { PrimaryStep } from './primary-contact-step';
import { VerifyStep } from './verify-contact-step';

/** A step's title (of the dialog, or of the part of the page it is drawn in). */
export function useStepTitle(kind: ContactKind): (step: Step) => string {
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

export function StepView({
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
