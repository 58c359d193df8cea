/** Favorites of the signed-in customer. */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  listFavorites: async ({ customerId, lang, services }) => services.favorites.list(customerId, lang),

  addFavorite: async ({ customerId, body, lang, services }) =>
    services.favorites.add(customerId, body.sku_id, lang),

  removeFavorite: async ({ customerId, params, lang, services }) =>
    services.favorites.remove(customerId, params.id, lang),
});
