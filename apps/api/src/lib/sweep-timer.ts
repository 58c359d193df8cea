/**
 * A sweep run by every API process on a timer (the holds' and the guest carts'): one sweep at a
 * time, unref'd so it never keeps the process alive; `stop()` clears the timer and waits for a
 * sweep under way, so the database can close.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface SweepTimerMessages {
  /** Logged with `{ swept }` when a sweep did something. */
  swept: string;
  /** Logged with the error when a sweep failed. */
  failed: string;
}

export function startSweepTimer(
  sweep: () => Promise<number>,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  messages: SweepTimerMessages,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sweep()
      .then((swept) => {
        if (swept > 0) log.info({ swept }, messages.swept);
      })
      .catch((error: unknown) => log.error({ err: error }, messages.failed))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
