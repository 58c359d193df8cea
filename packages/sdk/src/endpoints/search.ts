import type { CallOptions, ClientCore } from '../client/core.js';

export function searchEndpoints(core: ClientCore) {
  return {
    /** Products and categories matching `q` (3 characters or more; the API refuses shorter). */
    products: (q: string, plan?: string, options?: CallOptions) =>
      core.call('search', { query: plan ? { q, plan } : { q } }, options),
  };
}
