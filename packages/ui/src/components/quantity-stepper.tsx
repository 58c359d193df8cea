import { Minus, Plus } from '../icons';
import { cn } from '../cn';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  /** Upper bound (stock); the increment button stops acting at it (aria-disabled, still focusable). */
  max?: number;
  /** Names the group, e.g. "Quantity of Vitamin C". */
  label: string;
  decrementLabel: string;
  incrementLabel: string;
  /** Shown under the control when `value` reached `max` (e.g. "You cannot add more"). */
  maxReachedMessage?: string;
  disabled?: boolean;
  /** While true, both buttons stop acting (aria-disabled) and aria-busy is set (a change is being saved). */
  busy?: boolean;
  /**
   * The field name the steps submit their form with (`name=value±1`) when the page's scripts do
   * not run (a page drawn by the server); with the scripts, `onChange` decides.
   */
  name?: string;
  className?: string;
}

const stepButton =
  'inline-flex size-11 items-center justify-center rounded-lg border-2 border-border bg-surface text-fg ' +
  'hover:bg-surface-3 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-surface';

export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label,
  decrementLabel,
  incrementLabel,
  maxReachedMessage,
  disabled = false,
  busy = false,
  name,
  className,
}: QuantityStepperProps) {
  const atMin = value <= min;
  const atMax = max !== undefined && value >= max;
  // At a bound, or while a change is saved, a button stops acting but stays focusable
  // (aria-disabled, not disabled): a button disabled under the focus would drop it to the page body.
  const lessOff = busy || atMin;
  const moreOff = busy || atMax;
  return (
    <div className={cn('inline-flex flex-col gap-1', className)}>
      <div
        role="group"
        aria-label={label}
        aria-busy={busy || undefined}
        className="inline-flex items-center gap-2"
      >
        <button
          type={name ? 'submit' : 'button'}
          {...(name ? { name, value: String(value - 1), formNoValidate: true } : {})}
          className={stepButton}
          aria-label={decrementLabel}
          disabled={disabled}
          aria-disabled={lessOff || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!lessOff) onChange(value - 1);
          }}
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <output aria-live="polite" className="min-w-8 text-center text-lg font-bold tabular-nums">
          {value}
        </output>
        <button
          type={name ? 'submit' : 'button'}
          {...(name ? { name, value: String(value + 1), formNoValidate: true } : {})}
          className={stepButton}
          aria-label={incrementLabel}
          disabled={disabled}
          aria-disabled={moreOff || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!moreOff) onChange(value + 1);
          }}
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
      </div>
      {atMax && maxReachedMessage ? (
        <p className="text-sm text-warning">{maxReachedMessage}</p>
      ) : null}
    </div>
  );
}
