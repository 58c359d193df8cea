import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { priceRangeProblem } from '@otc/sdk';
import { Button, Select, type SelectOption } from '@otc/ui';
import type { CategoryList } from '../catalog-api';
import type { CatalogChanges, CatalogParams } from '../catalog-params';
import { CatalogForm, fieldText } from './catalog-form';

export interface CatalogFiltersProps {
  params: CatalogParams;
  categories: CategoryList | undefined;
  brands: string[] | undefined;
  onChange: (changes: CatalogChanges) => void;
  /** Called after the form is applied with the scripts (the phone drawer closes). */
  onApplied?: () => void;
}

// min-w-0: a fieldset is as wide as its widest content by default, so a select of long names
// ran past a 320 px screen.
const fieldset = 'flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4';
const legend = 'px-1 text-lg font-bold';
const input =
  'min-h-11 w-full rounded-lg border-2 border-field-border bg-surface px-3 text-base text-fg ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus aria-invalid:border-danger';

/** The address parameters the filters' form sets. */
const FILTER_FIELDS = ['category', 'brand', 'priceMin', 'priceMax'] as const;

/**
 * Category, brand and price range in one GET form of the catalog's address, whose fields are named
 * as its parameters: without the scripts (or before they have started) "Apply filters" asks the
 * server for the list; with them a category or brand goes to the address at once, and the button
 * checks the price range first. The health plan is the coverage bar's one control (issue 33, item
 * 4), not a filter here.
 */
export function CatalogFilters({
  params,
  categories,
  brands,
  onChange,
  onApplied,
}: CatalogFiltersProps) {
  const { t } = useLingui();
  const id = useId();
  const priceMin = params.priceMin?.toString() ?? '';
  const priceMax = params.priceMax?.toString() ?? '';

  const categoryOptions: SelectOption[] = (categories ?? []).map((category) => ({
    value: String(category.id),
    label: `${category.name} (${category.productCount})`,
  }));
  const brandList = brands ?? [];
  const brandOptions: SelectOption[] = [
    ...(params.brand && !brandList.includes(params.brand) ? [params.brand] : []),
    ...brandList,
  ].map((brand) => ({ value: brand, label: brand }));

  // A reversed range ("From" above "To") is refused with a message, never searched silently.
  const [priceError, setPriceError] = useState<string | null>(null);
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  // The price fields show the address's range when it changes (Back, Forward, "Clear filters"),
  // set in place: the form is never drawn anew, so the focus stays on the field or button it is on.
  // What is typed before the scripts start is kept (the first range is the one drawn).
  const shownRange = useRef(`${priceMin}|${priceMax}`);
  useEffect(() => {
    const range = `${priceMin}|${priceMax}`;
    if (shownRange.current === range) return;
    shownRange.current = range;
    if (minRef.current) minRef.current.value = priceMin;
    if (maxRef.current) maxRef.current.value = priceMax;
    setPriceError(null);
  }, [priceMin, priceMax]);

  const apply = (fields: FormData) => {
    const bound = (value: string) => (value.trim() === '' ? undefined : Number(value));
    const min = fieldText(fields, 'priceMin');
    const max = fieldText(fields, 'priceMax');
    if (priceRangeProblem(bound(min), bound(max))) {
      setPriceError(t`The “From” price is higher than the “To” price. Change one of them.`);
      minRef.current?.focus();
      return;
    }
    setPriceError(null);
    onChange({
      category: fieldText(fields, 'category'),
      brand: fieldText(fields, 'brand'),
      priceMin: min,
      priceMax: max,
    });
    onApplied?.();
  };
  const errorId = `${id}-price-error`;

  return (
    <CatalogForm replaces={FILTER_FIELDS} onApply={apply} className="flex flex-col gap-4">
      <fieldset className={fieldset}>
        <legend className={legend}>
          <Trans>Products</Trans>
        </legend>
        <Select
          name="category"
          label={t`Category`}
          placeholder={t`All categories`}
          options={categoryOptions}
          value={params.category?.toString() ?? ''}
          onChange={(event) => onChange({ category: event.target.value })}
        />
        <Select
          name="brand"
          label={t`Brand`}
          placeholder={t`All brands`}
          options={brandOptions}
          value={params.brand ?? ''}
          onChange={(event) => onChange({ brand: event.target.value })}
        />
      </fieldset>
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
              name="priceMin"
              defaultValue={priceMin}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? errorId : undefined}
              onChange={() => setPriceError(null)}
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
              ref={maxRef}
              name="priceMax"
              defaultValue={priceMax}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? errorId : undefined}
              onChange={() => setPriceError(null)}
            />
          </div>
        </div>
        {priceError ? (
          <p id={errorId} className="text-sm font-semibold text-danger">
            {priceError}
          </p>
        ) : null}
      </fieldset>
      {/* Applies the category and brand too: without the scripts the selects alone send nothing. */}
      <Button type="submit" variant="secondary">
        <Trans>Apply filters</Trans>
      </Button>
    </CatalogForm>
  );
}
