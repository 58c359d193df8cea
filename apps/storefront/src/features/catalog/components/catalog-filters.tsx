import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { priceRangeProblem } from '@otc/sdk';
import { Button, Select, type SelectOption } from '@otc/ui';
import type { CategoryList, HealthPlanList } from '../catalog-api';
import type { CatalogChanges, CatalogParams } from '../catalog-params';

export interface CatalogFiltersProps {
  params: CatalogParams;
  /** The plan filtering the list (the address's, or the plan in force by default). */
  planFilter: string | undefined;
  categories: CategoryList | undefined;
  plans: HealthPlanList | undefined;
  brands: string[] | undefined;
  onChange: (changes: CatalogChanges) => void;
  /** Sets the plan filter: a code, or '' for every plan. */
  onPlanChange: (code: string) => void;
  /** Called after the price range is applied (the phone drawer closes). */
  onApplied?: () => void;
}

// min-w-0: a fieldset is as wide as its widest content by default, so a select of long plan names
// ran past a 320 px screen.
const fieldset = 'flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4';
const legend = 'px-1 text-lg font-bold';
const input =
  'min-h-11 w-full rounded-lg border-2 border-field-border bg-surface px-3 text-base text-fg ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus aria-invalid:border-danger';

/** Category, brand, health plan and price range; each change goes to the address at once. */
export function CatalogFilters({
  params,
  planFilter,
  categories,
  plans,
  brands,
  onChange,
  onPlanChange,
  onApplied,
}: CatalogFiltersProps) {
  const { t } = useLingui();
  const id = useId();
  const [priceMin, setPriceMin] = useState(params.priceMin?.toString() ?? '');
  const [priceMax, setPriceMax] = useState(params.priceMax?.toString() ?? '');
  // Back and Forward change the address under the form: follow it.
  useEffect(() => setPriceMin(params.priceMin?.toString() ?? ''), [params.priceMin]);
  useEffect(() => setPriceMax(params.priceMax?.toString() ?? ''), [params.priceMax]);

  const categoryOptions: SelectOption[] = (categories ?? []).map((category) => ({
    value: String(category.id),
    label: `${category.name} (${category.productCount})`,
  }));
  const brandList = brands ?? [];
  const brandOptions: SelectOption[] = [
    ...(params.brand && !brandList.includes(params.brand) ? [params.brand] : []),
    ...brandList,
  ].map((brand) => ({ value: brand, label: brand }));
  const planOptions: SelectOption[] = (plans ?? []).map((plan) => ({
    value: plan.code,
    label: plan.company ? `${plan.name} (${plan.company})` : plan.name,
  }));

  // A reversed range ("From" above "To") is refused with a message, never searched silently.
  const [priceError, setPriceError] = useState<string | null>(null);
  const minRef = useRef<HTMLInputElement>(null);
  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    const bound = (text: string) => (text.trim() === '' ? undefined : Number(text));
    if (priceRangeProblem(bound(priceMin), bound(priceMax))) {
      setPriceError(t`The “From” price is higher than the “To” price. Change one of them.`);
      minRef.current?.focus();
      return;
    }
    setPriceError(null);
    onChange({ priceMin, priceMax });
    onApplied?.();
  };
  const errorId = `${id}-price-error`;

  return (
    <div className="flex flex-col gap-4">
      <fieldset className={fieldset}>
        <legend className={legend}>
          <Trans>Products</Trans>
        </legend>
        <Select
          label={t`Category`}
          placeholder={t`All categories`}
          options={categoryOptions}
          value={params.category?.toString() ?? ''}
          onChange={(event) => onChange({ category: event.target.value })}
        />
        <Select
          label={t`Brand`}
          placeholder={t`All brands`}
          options={brandOptions}
          value={params.brand ?? ''}
          onChange={(event) => onChange({ brand: event.target.value })}
        />
        <Select
          label={t`Health plan`}
          hint={t`Show only items your plan covers.`}
          placeholder={t`All health plans`}
          options={planOptions}
          value={planFilter ?? ''}
          onChange={(event) => onPlanChange(event.target.value)}
        />
      </fieldset>
      <form onSubmit={applyPrice}>
        <fieldset className={fieldset}>
          <legend className={legend}>
            <Trans>Price range</Trans>
          </legend>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-min`} className="font-semibold">
                <Trans>From ($)</Trans>
              </label>
              <input
                id={`${id}-min`}
                className={input}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                ref={minRef}
                value={priceMin}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={priceError ? errorId : undefined}
                onChange={(event) => {
                  setPriceMin(event.target.value);
                  setPriceError(null);
                }}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-max`} className="font-semibold">
                <Trans>To ($)</Trans>
              </label>
              <input
                id={`${id}-max`}
                className={input}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={priceMax}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={priceError ? errorId : undefined}
                onChange={(event) => {
                  setPriceMax(event.target.value);
                  setPriceError(null);
                }}
              />
            </div>
          </div>
          {priceError ? (
            <p id={errorId} className="text-sm font-semibold text-danger">
              {priceError}
            </p>
          ) : null}
          <Button type="submit" variant="secondary">
            <Trans>Apply price</Trans>
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
