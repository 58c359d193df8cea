import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function catalogEndpoints(core: ClientCore) {
  return {
    categories: (plan?: string, options?: CallOptions) =>
      core.call('categories', { query: plan ? { plan } : {} }, options),
    products: (query: RouteInput<'products'>['query'] = {}, options?: CallOptions) =>
      core.call('products', { query }, options),
    product: (id: number, options?: CallOptions) =>
      core.call('product', { params: { id } }, options),
  };
}
