import { useId, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Button, LinkButton, Notice } from '@otc/ui';
import { CsrfField } from '../kernel/page-form';
import { REMOVE_STEP_PARAM } from '../lib/page-params';
import { AppLink } from './app-link';

/**
 * Where a Remove button leads without the scripts: a GET of the page's confirmation step
 * (`?remove=<value>`, drawn by RemoveStep), as its second press asks with them. `action`: the
 * page (and the fragment) to ask on, else the page itself.
 */
export function RemoveStepForm({
  value,
  action,
  className,
  children,
}: {
  value: string | number;
  action?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} className={className}>
      <input type="hidden" name={REMOVE_STEP_PARAM} value={value} />
      {children}
    </form>
  );
}

/**
 * A removal's confirmation drawn in the page (`?remove=<id>`, lib/page-params.ts): where a Remove
 * button without the scripts leads, as their second press asks with them. "Yes" posts the removal
 * to `action` with `fields`; Cancel goes back to the page without the step.
 */
export function RemoveStep({
  title,
  children,
  action,
  fields,
  confirmLabel,
  cancelTo,
}: {
  title: ReactNode;
  children?: ReactNode;
  /** The (localized) address the removal posts to. */
  action: string;
  fields: Record<string, string>;
  confirmLabel: ReactNode;
  /** The page without the step (a path AppLink localizes). */
  cancelTo: string;
}) {
  const titleId = useId();
  const navigation = useNavigation();
  const busy =
    navigation.state !== 'idle' &&
    navigation.formAction === action &&
    navigation.formMethod === 'POST';
  return (
    // A group named by its question: its buttons are read with it.
    <div role="group" aria-labelledby={titleId}>
      <Notice tone="warning" live={false} title={<span id={titleId}>{title}</span>}>
        {children}
        <div className="mt-3 flex flex-wrap gap-3">
          <Form
            method="post"
            action={action}
            onSubmit={(event) => (busy ? event.preventDefault() : undefined)}
          >
            <CsrfField />
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="danger" loading={busy}>
              {confirmLabel}
            </Button>
          </Form>
          <LinkButton as={AppLink} to={cancelTo} variant="secondary">
            <Trans>Cancel</Trans>
          </LinkButton>
        </div>
      </Notice>
    </div>
  );
}
