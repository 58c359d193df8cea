import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Select } from '@otc/ui';
import type { CoveragePlan } from '../../../lib/coverage-plan';
import { useChooseCoveragePlan } from '../../../lib/coverage-plan';
import { PlanFilterChip } from '../../../lib/coverage-mark';
import type { HealthPlanList } from '../catalog-api';

/** A plan's name as the filters show it (code when the list is not there yet). */
export function planNameOf(plans: HealthPlanList | undefined, code: string): string {
  return plans?.find((plan) => plan.code === code)?.name ?? code;
}

/** Choose the plan whose coverage the shop shows (a guest's is kept in this browser). */
export function PlanPicker({
  plans,
  current,
  member,
  onDone,
}: {
  plans: HealthPlanList | undefined;
  current: string | null;
  /** A signed-in member without a plan: the choice is saved to the account. */
  member: boolean;
  onDone?: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [code, setCode] = useState(current ?? '');
  const [failed, setFailed] = useState(false);
  const { choose, busy } = useChooseCoveragePlan();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return;
    setFailed(false);
    if (await choose(code)) onDone?.();
    else setFailed(true);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="w-full font-semibold">
        <Trans>See what your health plan covers</Trans>
      </p>
      <Select
        className="w-full @min-[40rem]:w-80"
        label={t`Your health plan`}
        hint={member ? t`It is saved to your account.` : t`It is kept in this browser until you sign up.`}
        placeholder={t`Choose your plan`}
        options={(plans ?? []).map((plan) => ({
          value: plan.code,
          label: plan.company ? `${plan.name} (${plan.company})` : plan.name,
        }))}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" loading={busy} loadingLabel={t`Saving`} disabled={!code}>
        <Trans>Show my coverage</Trans>
      </Button>
      {onDone && current ? (
        <Button type="button" variant="ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      ) : null}
      {failed ? (
        <p role="alert" className="w-full font-semibold text-danger">
          <Trans>Your plan could not be saved. Please try again.</Trans>
        </p>
      ) : null}
    </form>
  );
}

/**
 * The catalog's coverage row: whose plan the cards' marks are for, the covered-only filter (a
 * removable chip, or a button that puts it back), and for a guest the plan choice (change, forget).
 */
export function CoverageBar({
  coverage,
  planFilter,
  plans,
  planName,
  signedIn,
  onFilter,
}: {
  coverage: CoveragePlan;
  /** Someone is signed in: a plan chosen here is saved to the account. */
  signedIn: boolean;
  /** The plan filtering the list now (the plan in force by default), if any. */
  planFilter: string | undefined;
  plans: HealthPlanList | undefined;
  /** The name of the plan in force (a member's from their account). */
  planName: string | null;
  /** Sets the plan filter: a code, or '' for every item. */
  onFilter: (code: string) => void;
}) {
  const { t } = useLingui();
  const [changing, setChanging] = useState(false);
  const { forget } = useChooseCoveragePlan();
  const code = coverage.code;
  const otherPlan = planFilter ? planNameOf(plans, planFilter) : '';
  const filterLabel = planFilter
    ? planFilter === code
      ? t`Covered by your plan only`
      : t`Covered by ${otherPlan} only`
    : null;
  const yourPlan = planName ?? code ?? '';

  if (!code || changing) {
    return (
      <section aria-label={t`Health plan coverage`} className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4">
        {filterLabel ? <PlanFilterChip label={filterLabel} onRemove={() => onFilter('')} /> : null}
        <PlanPicker
          plans={plans}
          current={code}
          member={signedIn}
          onDone={changing ? () => setChanging(false) : undefined}
        />
      </section>
    );
  }

  return (
    <section
      aria-label={t`Health plan coverage`}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-surface-2 px-4 py-3"
    >
      <p>
        <Trans>
          Your plan: <strong>{yourPlan}</strong>
        </Trans>
      </p>
      {filterLabel ? (
        <PlanFilterChip label={filterLabel} onRemove={() => onFilter('')} />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => onFilter(code)}>
          <Trans>Show only items your plan covers</Trans>
        </Button>
      )}
      {coverage.source === 'guest' ? (
        <span className="flex flex-wrap gap-x-3">
          <Button variant="link" onClick={() => setChanging(true)}>
            <Trans>Change plan</Trans>
          </Button>
          <Button variant="link" onClick={forget}>
            <Trans>Forget my plan</Trans>
          </Button>
        </span>
      ) : null}
    </section>
  );
}
