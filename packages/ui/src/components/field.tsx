import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../cn';

const controlBase =
  'block w-full rounded-lg border-2 border-field-border bg-surface px-3 py-2 text-base text-fg ' +
  'placeholder:text-muted focus-visible:border-primary focus-visible:outline-3 focus-visible:outline-offset-1 ' +
  'focus-visible:outline-focus disabled:cursor-not-allowed disabled:bg-surface-2 ' +
  'aria-invalid:border-danger';
const control = cn(controlBase, 'min-h-11');

interface FieldOwnProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Error text; when present the control is aria-invalid and described by it. */
  error?: ReactNode;
  /** Marks the label visually; the control also gets `required`. */
  requiredMark?: ReactNode;
  /**
   * A character count under the control ("120 of 4000 characters"), so a limit never cuts text
   * silently; it describes the control too.
   */
  counter?: ReactNode;
  /** The count is said as it changes (near the limit); otherwise only read with the control. */
  counterLive?: boolean;
  className?: string;
}

/**
 * Ids that tie a control to its hint, error and character count (aria-describedby). The error's
 * `-error` ending is how `describedErrorText` (live-message.tsx) finds it.
 */
function useFieldIds(id: string | undefined, hint: unknown, error: unknown, counter?: unknown) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const counterId = counter ? `${controlId}-count` : undefined;
  const describedBy = [hintId, errorId, counterId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, counterId, describedBy };
}

function FieldFrame({
  controlId,
  label,
  hint,
  hintId,
  error,
  errorId,
  requiredMark,
  counter,
  counterId,
  counterLive,
  className,
  addon,
  children,
}: FieldOwnProps & {
  controlId: string;
  hintId?: string;
  errorId?: string;
  counterId?: string;
  addon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="font-semibold">
        {label}
        {requiredMark ? <span className="ml-1 text-danger">{requiredMark}</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {addon ? (
        // The control and its button on one row, the same height, whatever shows under them.
        <div className="flex flex-wrap gap-2">
          <div className="min-w-0 flex-1 basis-32">{children}</div>
          {addon}
        </div>
      ) : (
        children
      )}
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {counter ? (
        <p id={counterId} role={counterLive ? 'status' : undefined} className="text-sm text-muted tabular-nums">
          {counter}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = FieldOwnProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    /**
     * A button beside the input (a promo code's "Apply"), level with it whether or not an error
     * shows: the label and hint above both, the error under both; under the input when the row
     * has no room for it.
     */
    addon?: ReactNode;
  };

/** A labelled text input with optional hint and error. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, requiredMark, counter, counterLive, className, id, addon, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error, counter);
  return (
    <FieldFrame
      controlId={ids.controlId}
      label={label}
      hint={hint}
      hintId={ids.hintId}
      error={error}
      errorId={ids.errorId}
      counter={counter}
      counterId={ids.counterId}
      counterLive={counterLive}
      requiredMark={requiredMark}
      className={className}
      addon={addon}
    >
      {/* `type` is always written (text by default): checkers read the attribute, not the
          property, to match an autocomplete token to its control (HTML_CodeSniffer H98). */}
      <input
        ref={ref}
        id={ids.controlId}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={control}
        {...rest}
      />
    </FieldFrame>
  );
});

export type TextAreaFieldProps = FieldOwnProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

/** A labelled multi-line text box (about six lines tall) with optional hint and error, as TextField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, requiredMark, counter, counterLive, className, id, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error, counter);
  return (
    <FieldFrame
      controlId={ids.controlId}
      label={label}
      hint={hint}
      hintId={ids.hintId}
      error={error}
      errorId={ids.errorId}
      counter={counter}
      counterId={ids.counterId}
      counterLive={counterLive}
      requiredMark={requiredMark}
      className={className}
    >
      <textarea
        ref={ref}
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(controlBase, 'min-h-40')}
        {...rest}
      />
    </FieldFrame>
  );
});

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** The language of the label when it differs from the page's ("Español" on an English page). */
  lang?: string;
}

export type SelectProps = FieldOwnProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    options: SelectOption[];
    /** A first, empty choice such as "Choose a state". */
    placeholder?: string;
  };

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hint, error, requiredMark, className, id, options, placeholder, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame
      controlId={ids.controlId}
      label={label}
      hint={hint}
      hintId={ids.hintId}
      error={error}
      errorId={ids.errorId}
      requiredMark={requiredMark}
      className={className}
    >
      <select
        ref={ref}
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={control}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
};

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, hint, error, className, id, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={ids.controlId} className="inline-flex min-h-11 cursor-pointer items-center gap-3">
        <input
          ref={ref}
          id={ids.controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className="size-6 shrink-0 accent-primary"
          {...rest}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={ids.hintId} className="ml-9 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="ml-9 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
});

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  legend: ReactNode;
  name: string;
  options: RadioOption[];
  /** Controlled: the app's state decides the tick. */
  value?: string | null;
  /**
   * Uncontrolled: the browser keeps the tick (read it from the form when it is sent). A tick made
   * on a server-drawn page before the scripts start stays: React leaves an uncontrolled radio's
   * `checked` alone when it hydrates and draws again.
   */
  defaultValue?: string;
  onChange?: (value: string) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A fieldset of native radios: arrow keys move between them, as browsers do. */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  defaultValue,
  onChange,
  hint,
  error,
  required,
  className,
}: RadioGroupProps) {
  const controlled = value !== undefined;
  const ids = useFieldIds(undefined, hint, error);
  return (
    <fieldset
      className={cn('flex flex-col gap-2', className)}
      aria-describedby={ids.describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-semibold">{legend}</legend>
      {hint ? (
        <p id={ids.hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {options.map((option) => {
        const optionId = `${ids.controlId}-${option.value}`;
        return (
          <label
            key={option.value}
            htmlFor={optionId}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border-2 border-border p-3 has-checked:border-primary has-checked:bg-primary-soft"
          >
            <input
              id={optionId}
              type="radio"
              name={name}
              value={option.value}
              {...(controlled ? { checked: value === option.value } : { defaultChecked: defaultValue === option.value })}
              disabled={option.disabled}
              required={required}
              onChange={onChange ? () => onChange(option.value) : undefined}
              className="mt-1 size-5 shrink-0 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-medium">{option.label}</span>
              {option.description ? <span className="text-sm text-muted">{option.description}</span> : null}
            </span>
          </label>
        );
      })}
      {error ? (
        <p id={ids.errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
