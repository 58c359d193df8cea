import type { ReactNode } from 'react';
import { Check } from '../icons';
import { cn } from '../cn';
import { VisuallyHidden } from './visually-hidden';

export interface StepperStep {
  id: string;
  label: ReactNode;
  /**
   * A one-word name ("Delivery") shown instead of `label` while the row is narrower than 30rem
   * (a phone, larger text): each step has a third of the row, and a label never breaks inside a word.
   */
  shortLabel?: ReactNode;
}

export interface StepperProps {
  /** Names the list, e.g. "Checkout steps". */
  label: string;
  steps: readonly StepperStep[];
  /** Id of the step the person is on; the steps before it are done. */
  current: string;
  /** Added after a done step's label for screen readers, e.g. "completed" / "completado". */
  completedLabel: string;
  /** When given, done steps are buttons that go back to them. */
  onStepSelect?: (id: string) => void;
  className?: string;
}

/**
 * The checkout steps (1 products, 2 delivery, 3 payment) as an ordered list. The current step has
 * aria-current="step" and a bold label with a thick ring; done steps show a check mark and say
 * `completedLabel`; so the state never rests on colour alone.
 */
export function Stepper({
  label,
  steps,
  current,
  completedLabel,
  onStepSelect,
  className,
}: StepperProps) {
  const currentIndex = Math.max(
    0,
    steps.findIndex((step) => step.id === current),
  );
  return (
    <ol aria-label={label} className={cn('@container isolate flex w-full items-start', className)}>
      {steps.map((step, index) => {
        const state =
          index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'upcoming';
        const shown = step.shortLabel ? (
          <>
            <span className="@max-[30rem]:hidden">{step.label}</span>
            <span className="@min-[30rem]:hidden">{step.shortLabel}</span>
          </>
        ) : (
          step.label
        );
        const content = (
          <>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-9 items-center justify-center rounded-full border-2 text-base font-bold',
                state === 'done' && 'border-primary bg-primary text-on-primary',
                state === 'current' &&
                  'border-primary bg-surface text-primary ring-4 ring-primary-soft',
                state === 'upcoming' && 'border-border bg-surface text-muted',
              )}
            >
              {state === 'done' ? <Check className="size-5" strokeWidth={3} /> : index + 1}
            </span>
            <span
              className={cn(
                // Lines break between words only ("informatio|n" read as two words); on a narrow
                // row the short label is shown instead, so every word fits its third of the row.
                'max-w-full text-center text-sm leading-tight sm:text-base',
                state === 'current' && 'text-fg @min-[30rem]:font-bold',
                state === 'done' && 'text-fg',
                state === 'upcoming' && 'text-muted',
              )}
            >
              {state === 'done' ? (
                <>
                  {/* Said as one text ("Products, completed"): a label and a hidden ", completed"
                      apart are read "Products , completed" (the hidden one is a box of its own). */}
                  <span aria-hidden="true">{shown}</span>
                  <VisuallyHidden>
                    {step.label}, {completedLabel}
                  </VisuallyHidden>
                </>
              ) : (
                shown
              )}
            </span>
          </>
        );
        return (
          <li
            key={step.id}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
            className="relative flex min-w-0 flex-1 flex-col items-center"
          >
            {index > 0 ? (
              // The line from the previous step; solid once this step is reached. It sits under
              // the circles (z-0 against their z-10), from the previous circle's centre to this one's.
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-[1.0625rem] right-1/2 z-0 w-full border-t-2',
                  index <= currentIndex ? 'border-primary' : 'border-dashed border-border',
                )}
              />
            ) : null}
            {state === 'done' && onStepSelect ? (
              <button
                type="button"
                onClick={() => onStepSelect(step.id)}
                className="relative z-10 flex min-h-11 max-w-full flex-col items-center gap-1 rounded-lg px-1 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
              >
                {content}
              </button>
            ) : (
              <span className="relative z-10 flex max-w-full flex-col items-center gap-1 px-1">{content}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
