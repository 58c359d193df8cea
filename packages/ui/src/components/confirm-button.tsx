import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps, type ButtonVariant } from './button';
import { VisuallyHidden } from './visually-hidden';

export interface ConfirmButtonProps extends Omit<
  ButtonProps,
  'children' | 'onClick' | 'variant' | 'type'
> {
  /** The first label, e.g. "Remove". Add a VisuallyHidden product name when several sit together. */
  label: ReactNode;
  /** Shown after the first tap, e.g. "Press again to remove". */
  confirmLabel: ReactNode;
  /** Said to screen readers when the button asks for the second tap. Default: `confirmLabel`. */
  confirmAnnouncement?: ReactNode;
  /** Runs on the second tap. */
  onConfirm: () => void;
  variant?: ButtonVariant;
  /** The look while waiting for the second tap. Default `danger`. */
  confirmVariant?: ButtonVariant;
  /**
   * The button submits its form when the page's scripts do not run (a page drawn by the server):
   * one press then acts, as a plain button would. With the scripts, the two taps above.
   */
  submitsForm?: boolean;
}

/**
 * A button that asks for a second tap before it acts (removing a cart line). The first tap, Enter
 * or Space switches it to `confirmLabel`; a second one calls `onConfirm`. It waits as long as the
 * person needs (no time limit, WCAG 2.2.1: a screen reader first reads the whole prompt): only
 * Escape or moving the focus away cancel. The switch is announced politely.
 */
export function ConfirmButton({
  label,
  confirmLabel,
  confirmAnnouncement,
  onConfirm,
  variant = 'ghost',
  confirmVariant = 'danger',
  onKeyDown,
  onBlur,
  disabled,
  submitsForm = false,
  ...rest
}: ConfirmButtonProps) {
  const [armed, setArmed] = useState(false);

  const isArmed = armed && !disabled;
  return (
    <>
      <Button
        {...rest}
        disabled={disabled}
        variant={isArmed ? confirmVariant : variant}
        data-armed={isArmed || undefined}
        type={submitsForm ? 'submit' : 'button'}
        onClick={(event) => {
          // With the scripts the taps decide; the form is posted only without them.
          event.preventDefault();
          if (isArmed) {
            setArmed(false);
            onConfirm();
          } else {
            setArmed(true);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isArmed) {
            // Cancel only this; a dialog or drawer around the button stays open.
            event.stopPropagation();
            setArmed(false);
          }
          onKeyDown?.(event);
        }}
        onBlur={(event) => {
          setArmed(false);
          onBlur?.(event);
        }}
      >
        {isArmed ? confirmLabel : label}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {isArmed ? (confirmAnnouncement ?? confirmLabel) : null}
      </VisuallyHidden>
    </>
  );
}
