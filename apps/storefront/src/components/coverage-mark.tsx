// The coverage mark of a product (issue 19), the same on catalog cards, search results and the
// item page: "Covered by your plan", or "Not covered" with a link to the items-eligibility help.
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, X } from '@otc/ui/icons';
import { CoverageMark } from '@otc/ui';
import { AppLink } from './app-link';

/** "Covered by your plan", or "Not covered" with a link to why (the items-eligibility help). */
export function Coverage({ covered, name }: { covered: boolean; name: string }) {
  const { t } = useLingui();
  if (covered) {
    return (
      <CoverageMark covered>
        <Trans>Covered by your plan</Trans>
      </CoverageMark>
    );
  }
  return (
    <>
      <CoverageMark covered={false}>
        <Trans>Not covered</Trans>
      </CoverageMark>
      <AppLink
        to="/docs/items-eligibility"
        prefetch="intent"
        aria-label={t`Why is ${name} not covered?`}
        className="inline-flex min-h-8 items-center rounded px-1 text-sm font-semibold text-primary underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-focus"
      >
        <Trans>Why?</Trans>
      </AppLink>
    </>
  );
}

/**
 * The plan filter as a chip: "Covered by your plan only" (or by the plan the address names), a
 * button that removes it. Its name says what pressing does and holds the words shown.
 */
export function PlanFilterChip({
  label,
  onRemove,
}: {
  label: string;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={t`Remove filter: ${label}`}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-primary bg-primary-soft px-4 py-1 text-left font-semibold text-primary hover:bg-surface-3 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
    >
      <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
      <span>{label}</span>
      <X aria-hidden="true" className="size-5 shrink-0" />
    </button>
  );
}
