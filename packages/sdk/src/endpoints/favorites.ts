import type { CallOptions, ClientCore } from '../client/core.js';

export function favoriteEndpoints(core: ClientCore) {
  return {
    list: (options?: CallOptions) => core.call('listFavorites', {}, options),
    add: (productId: number, options?: CallOptions) =>
      core.call('addFavorite', { body: { sku_id: productId } }, options),
    remove: (productId: number, options?: CallOptions) =>
      core.call('removeFavorite', { params: { id: productId } }, options),
  };
}
