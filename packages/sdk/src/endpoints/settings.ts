import type { CallOptions, ClientCore } from '../client/core.js';

export function settingsEndpoints(core: ClientCore) {
  return {
    get: (options?: CallOptions) => core.call('settings', {}, options),
    health: (options?: CallOptions) => core.call('health', {}, options),
    /** Development outbox (not in production). */
    outbox: (to: string, options?: CallOptions) =>
      core.call('devOutbox', { query: { to } }, options),
  };
}
