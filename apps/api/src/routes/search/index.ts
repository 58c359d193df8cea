/** Product search of the search modal (3 characters or more; the contract answers 422 below). */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  search: async ({ query, lang, services }) => services.search.search(query.q, lang, query.plan),
});
