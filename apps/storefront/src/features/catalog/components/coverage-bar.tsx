import { useEffect, useId, useState, type FormEvent } from 'react';
import { useActionData, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Select } from '@otc/ui';
import type { CoveragePlan, HealthPlanList } from '../../../kernel/coverage-plan';
import { planNameOf, useChooseCoveragePlan } from '../../../kernel/coverage-plan';
import { PlanFilterChip } from '../../../components/coverage-mark';
import { CsrfField, type FormFailure } from '../../../kernel/page-form';
import { useLocalizePath } from '../../../lib/use-locale';
import { COVERAGE_COVERED } from '../catalog-params';
import { CatalogForm } from './catalog-form';
import { queryWithoutPageNotes } from '../../../lib/page-params';

/** The address parameters the "covered items only" form sets (an old link's plan goes too). */
const COVERAGE_FIELDS = ['coverage', 'plan'] as const;

/** The `intent` of the plan picker's post to the catalog's action. */
export const PLAN_INTENT = 'plan';

/**
 * Choose the plan whose coverage the shop shows (a guest's is kept in the `otc_plan` cookie, a
 * member's in the account): its marks go on every item; nothing is hidden. A form posted to the
 * catalog's action, so it works before and without the scripts too.
 */
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
  const localize = useLocalizePath();
  const location = useLocation();
  const refused = useActionData<FormFailure>();
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
    <form
      method="post"
      action={localize('/catalog')}
      noValidate
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
      aria-labelledby={`${id}-title`}
    >
      <CsrfField />
      <input type="hidden" name="intent" value={PLAN_INTENT} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${queryWithoutPageNotes(location.search)}`} />
      <p id={`${id}-title`} className="w-full font-semibold">
        <Trans>See what your health plan covers</Trans>
      </p>
      <Select
        className="w-full @min-[40rem]:w-96"
        name="code"
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
      <Button type="submit" loading={busy} loadingLabel={t`Saving`}>
        <Trans>Show my coverage</Trans>
      </Button>
      {onDone && current ? (
        <Button type="button" variant="ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      ) : null}
      {failed || refused?.values.intent === PLAN_INTENT ? (
        <p role="alert" className="w-full font-semibold text-danger">
          <Trans>Your plan could not be saved. Please try again.</Trans>
        </p>
      ) : null}
    </form>
  );
}

/**
 * The catalog's one plan control (issue 33, item 4): whose plan the cards' marks are for (choose,
 * change, forget it), and, apart from it, the explicit "covered items only" choice. A plan an old
 * link names (`plan=`) shows as a removable chip.
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
  /** The plan filtering the list now (covered items only), if any. */
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
  const localize = useLocalizePath();
  const location = useLocation();
  const code = coverage.code;
  // A plan other than the one in force, named by the address (an old link): its own chip.
  const otherPlan = planFilter && planFilter !== code ? planNameOf(plans, planFilter) : null;
  const otherChip = otherPlan ? (
    <PlanFilterChip label={t`Covered by ${otherPlan} only`} onRemove={() => onFilter('')} />
  ) : null;
  const yourPlan = planName ?? code ?? '';
  const coveredOnly = Boolean(code) && planFilter === code;
  const [asked, setAsked] = useState<boolean | null>(null);
  useEffect(() => setAsked(null), [coveredOnly]);

  if (!code || changing) {
    return (
      <section aria-label={t`Health plan coverage`} className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4">
        {otherChip}
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
      {coverage.source === 'guest' ? (
        <span className="flex flex-wrap gap-x-3">
          <Button variant="link" onClick={() => setChanging(true)}>
            <Trans>Change plan</Trans>
          </Button>
          {/* A post of no plan to the catalog's action (the picker's form), with or without scripts. */}
          <form
            method="post"
            action={localize('/catalog')}
            className="contents"
            onSubmit={(event) => {
              event.preventDefault();
              forget();
            }}
          >
            <CsrfField />
            <input type="hidden" name="intent" value={PLAN_INTENT} />
            <input type="hidden" name="code" value="" />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${queryWithoutPageNotes(location.search)}`} />
            <Button type="submit" variant="link">
              <Trans>Forget my plan</Trans>
            </Button>
          </form>
        </span>
      ) : null}
      {otherChip ?? (
        // A GET form of the catalog's address (`coverage=covered`): without the scripts its button
        // asks the server for the list; with them a tick applies at once, the button as well.
        <CatalogForm
          replaces={COVERAGE_FIELDS}
          onApply={(fields) => {
            const only = fields.get('coverage') === COVERAGE_COVERED;
            setAsked(only);
            onFilter(only ? code : '');
          }}
          className="flex w-full flex-wrap items-center gap-x-4 gap-y-1"
        >
          <Checkbox
            name="coverage"
            value={COVERAGE_COVERED}
            label={<Trans>Show only items {yourPlan} covers</Trans>}
            // Ticked at once; the address (and the list) follows in a transition.
            checked={asked ?? coveredOnly}
            onChange={(event) => {
              setAsked(event.target.checked);
              onFilter(event.target.checked ? code : '');
            }}
          />
          <Button type="submit" variant="secondary" size="sm">
            <Trans>Apply</Trans>
          </Button>
        </CatalogForm>
      )}
    </section>
  );
}
