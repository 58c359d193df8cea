import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';

export function catalogEndpoints(core: ClientCore) {
  return {
    categories: (plan?: string) => core.call('categories', { query: plan ? { plan } : {} }),
    products: (query: RouteInput<'products'>['query'] = {}) => core.call('products', { query }),
    product: (id: number) => core.call('product', { params: { id } }),
  };
}
