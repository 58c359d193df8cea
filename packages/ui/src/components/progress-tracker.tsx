import type { ReactNode } from 'react';
import { Check, X } from '../icons';
import { cn } from '../cn';
import { VisuallyHidden } from './visually-hidden';

export type ProgressStepState = 'done' | 'current' | 'upcoming' | 'failed';

export interface ProgressStep {
  id: string;
  label: ReactNode;
  state: ProgressStepState;
  /** When it happened, already formatted by the app (a `<time>` element is welcome). */
  date?: ReactNode;
  /** A line under the label, e.g. a tracking number or why a step failed. */
  description?: ReactNode;
}

export interface ProgressTrackerProps {
  /** Names the list, e.g. "Order progress". */
  label: string;
  steps: readonly ProgressStep[];
  /** Words for each state, read after the step's label, e.g. { done: "completed", ... }. */
  stateLabels: Record<ProgressStepState, string>;
  className?: string;
}

const markers: Record<ProgressStepState, string> = {
  done: 'border-primary bg-primary text-on-primary',
  current: 'border-primary bg-surface text-primary ring-4 ring-primary-soft',
  upcoming: 'border-border bg-surface text-muted',
  failed: 'border-danger bg-danger text-surface',
};

/**
 * Order tracking (payment and verification, order confirmed, packaging, shipped, delivered) as a
 * vertical ordered list. Each step says its state in words (`stateLabels`) and by shape: a check
 * when done, a filled dot when current (also aria-current="step"), an empty circle when upcoming,
 * a cross when failed.
 */
export function ProgressTracker({ label, steps, stateLabels, className }: ProgressTrackerProps) {
  return (
    <ol aria-label={label} className={cn('flex flex-col', className)}>
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        return (
          <li
            key={step.id}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-state={step.state}
            className="relative flex gap-3 pb-6 last:pb-0"
          >
            {last ? null : (
              // The line down to the next step; solid when the next step has been reached.
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-9 bottom-0 left-[1.0625rem] border-l-2',
                  step.state === 'done' ? 'border-primary' : 'border-dashed border-border',
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'relative flex size-9 shrink-0 items-center justify-center rounded-full border-2',
                markers[step.state],
              )}
            >
              {step.state === 'done' ? <Check className="size-5" strokeWidth={3} /> : null}
              {step.state === 'failed' ? <X className="size-5" strokeWidth={3} /> : null}
              {step.state === 'current' ? (
                <span className="size-3 rounded-full bg-primary" />
              ) : null}
            </span>
            <div className="flex min-w-0 flex-col pt-1">
              <p
                className={cn(
                  'leading-snug',
                  step.state === 'current' && 'font-bold',
                  step.state === 'done' && 'font-semibold',
                  step.state === 'upcoming' && 'text-muted',
                  step.state === 'failed' && 'font-bold text-danger',
                )}
              >
                {step.label}
                <VisuallyHidden>, {stateLabels[step.state]}</VisuallyHidden>
              </p>
              {step.date ? <p className="text-sm text-muted">{step.date}</p> : null}
              {step.description ? <p className="text-sm">{step.description}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
