import type { CallOptions, ClientCore } from '../client/core.js';

export function settingsEndpoints(core: ClientCore) {
  return {
    get: (options?: CallOptions) => core.call('settings', {}, options),
    health: (options?: CallOptions) => core.call('health', {}, options),
    /** Development outbox (not in production). */
    outbox: (to: string, options?: CallOptions) =>
      core.call('devOutbox', { query: { to } }, options),
    /** Development: sends the allowance reminders due on `asOf` (YYYY-MM-DD, default today); answers how many. */
    runReminders: (asOf?: string, options?: CallOptions) =>
      core.call('devRunReminders', { body: asOf ? { asOf } : {} }, options),
  };
}
