import type { ClientCore } from '../client/core.js';

export function settingsEndpoints(core: ClientCore) {
  return {
    get: () => core.call('settings'),
    health: () => core.call('health'),
    /** Development outbox (not in production). */
    outbox: (to: string) => core.call('devOutbox', { query: { to } }),
  };
}
