import { forwardRef, type ReactNode } from 'react';
import { cn } from '../cn';
import { TextField } from './field';

export interface OneTimeCodeInputProps {
  label: ReactNode;
  /** The digits typed so far (0 to `length` of them). */
  value: string;
  /** Called with digits only: spaces, dashes and letters are dropped, extra digits cut. */
  onChange: (value: string) => void;
  /** Called once each time the code becomes complete (typed, pasted or filled from an SMS). */
  onComplete?: (code: string) => void;
  /** Number of digits. Default 6. */
  length?: number;
  hint?: ReactNode;
  /** Error text; when present the input is aria-invalid and described by it. */
  error?: ReactNode;
  id?: string;
  name?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  required?: boolean;
  className?: string;
}

/** Keeps the digits of what was typed or pasted ("123 456", "123-456" and "Code: 123456" all work). */
export function onlyDigits(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/**
 * One text input for a one-time code: the numeric keypad on phones, the code offered from an SMS
 * (autocomplete="one-time-code"), a whole code pasted at once. Built on TextField, so the label,
 * hint and error are tied to the input the same way as every other field.
 */
export const OneTimeCodeInput = forwardRef<HTMLInputElement, OneTimeCodeInputProps>(
  function OneTimeCodeInput(
    { label, value, onChange, onComplete, length = 6, hint, error, className, ...rest },
    ref,
  ) {
    return (
      <TextField
        ref={ref}
        label={label}
        hint={hint}
        error={error}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`[0-9]{${length}}`}
        // No maxLength: the browser would cut a pasted "123 456" to "123 45" before we see it.
        spellCheck={false}
        autoCorrect="off"
        value={value}
        onChange={(event) => {
          const next = onlyDigits(event.target.value, length);
          onChange(next);
          if (next.length === length && next !== value) onComplete?.(next);
        }}
        className={cn(
          'max-w-xs [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em] [&_input]:tabular-nums',
          className,
        )}
        {...rest}
      />
    );
  },
);
