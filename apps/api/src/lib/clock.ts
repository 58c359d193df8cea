/** Time source of the services, injectable so tests can move time forward. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved (tests). */
export function manualClock(start = new Date('2026-01-15T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
export type ManualClock = ReturnType<typeof manualClock>;
