import type { ClientCore } from '../client/core.js';

export function favoriteEndpoints(core: ClientCore) {
  return {
    list: () => core.call('listFavorites'),
    add: (productId: number) => core.call('addFavorite', { body: { sku_id: productId } }),
    remove: (productId: number) => core.call('removeFavorite', { params: { id: productId } }),
  };
}
