import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../cn';
import { Select, TextField } from './field';

export interface DateOfBirthValue {
  /** "1" to "12", or "" when not chosen. */
  month: string;
  day: string;
  year: string;
}

export type DateOfBirthPart = keyof DateOfBirthValue;

export interface DateOfBirthFieldsProps {
  /** Names the group, e.g. "Date of birth". */
  legend: ReactNode;
  value: DateOfBirthValue;
  onChange: (value: DateOfBirthValue) => void;
  monthLabel: string;
  dayLabel: string;
  yearLabel: string;
  /** The twelve month names in the reader's language, January first. */
  monthNames: readonly string[];
  /** The empty first choice of the month list, e.g. "Month". Default: an empty option. */
  monthPlaceholder?: string;
  /** Shown under the legend, e.g. "For example, March 7 1951". */
  hint?: ReactNode;
  /** Shown under the group and tied to it (aria-describedby). */
  error?: ReactNode;
  /** Which parts the error is about; they are marked invalid. Default: all three. */
  invalidParts?: readonly DateOfBirthPart[];
  /** Prefix of the inputs' names: `${name}-month`, `${name}-day`, `${name}-year`. */
  name?: string;
  required?: boolean;
  /** Marks the legend visually as required, like a field's `requiredMark` (e.g. "*"). */
  requiredMark?: ReactNode;
  disabled?: boolean;
  className?: string;
}

const ALL_PARTS: readonly DateOfBirthPart[] = ['month', 'day', 'year'];

const subscribeToNothing = () => () => {};
const isNotHydrating = () => false;
const isHydrating = () => true;

/**
 * What the page drawn by the server holds in the group's named controls when the app starts, if
 * the person changed it before the scripts arrived; null otherwise (nothing drawn yet, as on a
 * page drawn in the browser, or nothing changed). React draws the controlled parts with the
 * value the server drew, so what was typed meanwhile would be lost.
 */
export function dateOfBirthTypedBeforeStart(name: string | undefined, drawn: DateOfBirthValue): DateOfBirthValue | null {
  if (!name || typeof document === 'undefined') return null;
  const typed = { ...drawn };
  let found = false;
  for (const part of ['month', 'day', 'year'] as const) {
    const control = document.getElementsByName(`${name}-${part}`)[0];
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
    found = true;
    typed[part] = part === 'month' ? control.value : control.value.replace(/\D/g, '');
  }
  if (!found || (typed.month === drawn.month && typed.day === drawn.day && typed.year === drawn.year)) return null;
  return typed;
}

/** What a form holds of the group (react-hook-form's `field.ref`): focus moves to its first invalid part. */
export interface DateOfBirthFieldsHandle {
  focus: () => void;
}

/**
 * Month, day and year as one group (US order), after GOV.UK's date input: a fieldset whose legend
 * names the whole date and whose description carries the hint and the error; each control keeps
 * its own short label, and each part the error is about is invalid and described by the error too
 * (a screen reader landing on the part hears why; not every one reads a group's description).
 * Values stay strings; checking the date is the form's job. Its ref focuses the first invalid
 * part (else the month), so a form can send the focus to it.
 */
export const DateOfBirthFields = forwardRef<DateOfBirthFieldsHandle, DateOfBirthFieldsProps>(
  function DateOfBirthFields(
    {
      legend,
      value,
      onChange,
      monthLabel,
      dayLabel,
      yearLabel,
      monthNames,
      monthPlaceholder = '',
      hint,
      error,
      invalidParts = ALL_PARTS,
      name,
      required,
      requiredMark,
      disabled,
      className,
    }: DateOfBirthFieldsProps,
    ref,
  ) {
    const baseId = useId();
    const hintId = hint ? `${baseId}-hint` : undefined;
    const errorId = error ? `${baseId}-error` : undefined;
    const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
    const invalid = (part: DateOfBirthPart) =>
      error && invalidParts.includes(part) ? true : undefined;
    const partDescription = (part: DateOfBirthPart) => (invalid(part) ? errorId : undefined);
    const parts = useRef<Record<DateOfBirthPart, HTMLInputElement | HTMLSelectElement | null>>({
      month: null,
      day: null,
      year: null,
    });
    useImperativeHandle(ref, () => ({
      focus: () => {
        const first = ALL_PARTS.find((part) => invalid(part)) ?? 'month';
        parts.current[first]?.focus();
      },
    }));
    const set = (part: DateOfBirthPart, next: string) => onChange({ ...value, [part]: next });
    // Read at the first render, before React draws the parts again; handed to the form once the
    // page is live, as if typed now (the form's value follows, so a save sends what is shown).
    // Only while hydrating (the server's snapshot is used then): a group mounted later finds no
    // drawn controls of its own, at most those of a form it replaces.
    const hydrating = useSyncExternalStore(subscribeToNothing, isNotHydrating, isHydrating);
    const [typedBeforeStart] = useState(() => (hydrating ? dateOfBirthTypedBeforeStart(name, value) : null));
    useEffect(() => {
      if (typedBeforeStart) onChange(typedBeforeStart);
      // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page comes alive
    }, []);

    return (
      <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={describedBy}>
        <legend className="mb-1 font-semibold">
          {legend}
          {requiredMark ? <span className="ml-1 text-danger">{requiredMark}</span> : null}
        </legend>
        {hint ? (
          <p id={hintId} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={monthLabel}
            id={`${baseId}-month`}
            name={name ? `${name}-month` : undefined}
            autoComplete="bday-month"
            options={monthNames.map((label, index) => ({ value: String(index + 1), label }))}
            placeholder={monthPlaceholder}
            value={value.month}
            onChange={(event) => set('month', event.target.value)}
            ref={(element) => {
              parts.current.month = element;
            }}
            aria-invalid={invalid('month')}
            aria-describedby={partDescription('month')}
            required={required}
            disabled={disabled}
            className="min-w-40 flex-1 [&_label]:font-normal"
          />
          <TextField
            label={dayLabel}
            id={`${baseId}-day`}
            name={name ? `${name}-day` : undefined}
            autoComplete="bday-day"
            inputMode="numeric"
            maxLength={2}
            pattern="[0-9]{1,2}"
            value={value.day}
            onChange={(event) => set('day', event.target.value.replace(/\D/g, ''))}
            ref={(element) => {
              parts.current.day = element;
            }}
            aria-invalid={invalid('day')}
            aria-describedby={partDescription('day')}
            required={required}
            disabled={disabled}
            className="w-20 [&_label]:font-normal"
          />
          <TextField
            label={yearLabel}
            id={`${baseId}-year`}
            name={name ? `${name}-year` : undefined}
            autoComplete="bday-year"
            inputMode="numeric"
            maxLength={4}
            pattern="[0-9]{4}"
            value={value.year}
            onChange={(event) => set('year', event.target.value.replace(/\D/g, ''))}
            ref={(element) => {
              parts.current.year = element;
            }}
            aria-invalid={invalid('year')}
            aria-describedby={partDescription('year')}
            required={required}
            disabled={disabled}
            className="w-28 [&_label]:font-normal"
          />
        </div>
        {error ? (
          <p id={errorId} className="text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  },
);
