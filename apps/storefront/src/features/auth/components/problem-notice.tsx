import type { ReactNode } from 'react';
import { FailureNotice } from '../../../kernel/page-form';
import type { Problem } from '../auth-messages';

/** A failed call as an alert box above the form (its title, its description, an optional action). */
export function ProblemNotice({ problem, action, children }: { problem: Problem | null; action?: ReactNode; children?: ReactNode }) {
  if (!problem) return null;
  return (
    <FailureNotice title={problem.title} action={action} data-code={problem.code}>
      {problem.description || children ? (
        <>
          {problem.description ? <p>{problem.description}</p> : null}
          {children}
        </>
      ) : null}
    </FailureNotice>
  );
}
