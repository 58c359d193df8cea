import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { priceRangeProblem } from '@otc/sdk';
import { Button, Select, type SelectOption } from '@otc/ui';
import type { CategoryList } from '../catalog-api';
import type { CatalogChanges, CatalogParams } from '../catalog-params';

export interface CatalogFiltersProps {
  params: CatalogParams;
  categories: CategoryList | undefined;
  brands: string[] | undefined;
  onChange: (changes: CatalogChanges) => void;
  /** Called after the price range is applied (the phone drawer closes). */
  onApplied?: () => void;
}

// min-w-0: a fieldset is as wide as its widest content by default, so a select of long names
// ran past a 320 px screen.
const fieldset = 'flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4';
const legend = 'px-1 text-lg font-bold';
const input =
  'min-h-11 w-full rounded-lg border-2 border-field-border bg-surface px-3 text-base text-fg ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus aria-invalid:border-danger';

/**
 * Category, brand and price range; each change goes to the address at once. The health plan is
 * the coverage bar's one control (issue 33, item 4), not a filter here.
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
  const [search] = useSearchParams();
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
  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the fields hold now (the browser keeps them: a price typed before the scripts started
    // counts too).
    const typed = new FormData(event.currentTarget);
    const text = (name: string) => String(typed.get(name) ?? '');
    const bound = (value: string) => (value.trim() === '' ? undefined : Number(value));
    const priceMin = text('priceMin');
    const priceMax = text('priceMax');
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
      </fieldset>
      {/* A GET form of the catalog's address: without the scripts the browser asks for the page
          with the range (the other filters ride along); with them it is checked first. Keyed by the
          address's range, so Back and Forward draw it as the address has it. */}
      <form method="get" onSubmit={applyPrice} key={`${priceMin}|${priceMax}`}>
        {[...search].filter(([name]) => !['priceMin', 'priceMax', 'page'].includes(name)).map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
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
          <Button type="submit" variant="secondary">
            <Trans>Apply price</Trans>
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
