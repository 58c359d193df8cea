import { useId, type ReactNode } from 'react';
import { cn } from '../cn';
import { Badge, type BadgeTone } from './badge';

export interface RadioCardOption {
  value: string;
  label: ReactNode;
  /** A line or two under the label; read as the radio's description. */
  description?: ReactNode;
  /** A short tag beside the label, e.g. "Recommended"; part of the radio's name. */
  tag?: ReactNode;
  tagTone?: BadgeTone;
  /** A logo or icon before the text; decorative. */
  media?: ReactNode;
  disabled?: boolean;
  /** Why it cannot be chosen, e.g. "You don't have enough funds to pay for this order". */
  disabledReason?: ReactNode;
}

export interface RadioCardGroupProps {
  legend: ReactNode;
  name: string;
  options: readonly RadioCardOption[];
  value: string | null;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Cards per row from the sm breakpoint; one per row on phones. Default 1. */
  columns?: 1 | 2;
  className?: string;
}

/**
 * A choice among cards (payment method, card type): a fieldset of native radios, so arrow keys
 * move and choose as browsers do. The whole card is the click target; the label and tag name the
 * radio, the description and the reason it is disabled describe it.
 */
export function RadioCardGroup({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  required,
  columns = 1,
  className,
}: RadioCardGroupProps) {
  const baseId = useId();
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset
      className={cn('flex flex-col gap-2', className)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-semibold">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className={cn('grid gap-3', columns === 2 && 'sm:grid-cols-2')}>
        {options.map((option) => {
          const optionId = `${baseId}-${option.value}`;
          const descriptionId = option.description ? `${optionId}-description` : undefined;
          const reasonId =
            option.disabled && option.disabledReason ? `${optionId}-reason` : undefined;
          const optionDescribedBy =
            [descriptionId, reasonId].filter(Boolean).join(' ') || undefined;
          return (
            <div
              key={option.value}
              data-disabled={option.disabled || undefined}
              className={cn(
                'relative flex items-start gap-3 rounded-xl border-2 border-border bg-surface p-4',
                'has-checked:border-primary has-checked:bg-primary-soft',
                'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus',
                option.disabled ? 'bg-surface-2' : 'hover:border-primary',
                error && 'border-danger',
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                required={required}
                aria-describedby={optionDescribedBy}
                onChange={() => onChange(option.value)}
                className="mt-1 size-5 shrink-0 accent-primary focus-visible:outline-none disabled:cursor-not-allowed"
              />
              {option.media ? (
                <span aria-hidden="true" className="flex shrink-0 items-center">
                  {option.media}
                </span>
              ) : null}
              <div className="flex min-w-0 flex-col gap-1">
                <label
                  htmlFor={optionId}
                  className={cn(
                    'flex flex-wrap items-center gap-2 font-semibold',
                    // Stretches the label over the card, so a tap anywhere on it chooses.
                    "after:absolute after:inset-0 after:rounded-xl after:content-['']",
                    option.disabled ? 'cursor-not-allowed text-muted' : 'cursor-pointer',
                  )}
                >
                  {option.label}
                  {/* A space so the accessible name reads "Card Recommended", not "CardRecommended". */}
                  {option.tag ? ' ' : null}
                  {option.tag ? (
                    <Badge tone={option.tagTone ?? 'success'}>{option.tag}</Badge>
                  ) : null}
                </label>
                {option.description ? (
                  <p id={descriptionId} className="text-sm text-muted">
                    {option.description}
                  </p>
                ) : null}
                {reasonId ? (
                  <p id={reasonId} className="text-sm font-semibold text-warning">
                    {option.disabledReason}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
