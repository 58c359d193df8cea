import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../cn';

export interface CountdownProps {
  /** When the wait ends: epoch milliseconds or a Date. */
  until: number | Date;
  /**
   * What to show for the seconds left, e.g. `(s) => s > 0 ? t\`Request another code in ${s} s\` : null`.
   * The text at 0 is announced politely; the ticks before it are not.
   */
  children: (secondsLeft: number) => ReactNode;
  /** Called once when the count reaches 0 (at once if `until` is already past). */
  onDone?: () => void;
  className?: string;
}

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * A "request another code in N s" count. While counting, the text sits in a `role="timer"`
 * element, whose live region is off, so screen readers are not interrupted every second (they
 * read the current value when they reach it). At 0 the text moves into a `role="status"` region,
 * present from the start, so the final text (e.g. "You can request another code now") is
 * announced once, politely.
 */
export function Countdown({ until, children, onDone, className }: CountdownProps) {
  const untilMs = typeof until === 'number' ? until : until.getTime();
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(untilMs));
  const onDoneRef = useRef(onDone);
  // The `until` already reported done, so a re-run effect (StrictMode) does not report it twice.
  const doneFor = useRef<number | null>(null);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = secondsUntil(untilMs);
      setSecondsLeft(left);
      if (left === 0) {
        if (doneFor.current !== untilMs) {
          doneFor.current = untilMs;
          onDoneRef.current?.();
        }
        return;
      }
      // Wake at the next whole second of the remaining time, so the shown number never lags.
      const untilNextSecond = (untilMs - Date.now()) % 1000 || 1000;
      timer = setTimeout(tick, untilNextSecond);
    };
    tick();
    return () => clearTimeout(timer);
  }, [untilMs]);

  const done = secondsLeft === 0;
  return (
    <span className={cn('tabular-nums', className)} data-done={done || undefined}>
      <span role="timer" aria-live="off" aria-atomic="true">
        {done ? null : children(secondsLeft)}
      </span>
      <span role="status" aria-live="polite" aria-atomic="true">
        {done ? children(0) : null}
      </span>
    </span>
  );
}

/**
 * Whether the wait a Countdown shows is over, for the control it holds back (send a new code):
 * false while `until` is ahead, true once it passes (`markOver` is the Countdown's `onDone`), false
 * again when `until` moves (a new code was sent). `null` is no wait.
 */
export function useWaitOver(until: number | null): readonly [over: boolean, markOver: () => void] {
  const isOver = () => until === null || until <= Date.now();
  const [over, setOver] = useState(isOver);
  const [seenUntil, setSeenUntil] = useState(until);
  if (seenUntil !== until) {
    // Adjusted while rendering (not in an effect), so the control is never drawn enabled first.
    setSeenUntil(until);
    setOver(isOver());
  }
  const markOver = useCallback(() => setOver(true), []);
  return [over, markOver] as const;
}
