/**
 * Product search of the search modal (3 characters or more; the contract answers 422 below).
 * Cached as the catalog's answers are (plugins/app/public-answers.ts).
 */
import { defineHandlers } from '../../lib/contract-routes.js';
import { optionalCustomer } from '../../lib/optional-customer.js';

export default defineHandlers({
  search: async ({ query, lang, services, request }) => {
    const coverage = await services.catalog.coverage(query, () => optionalCustomer(request, services));
    return services.search.search(query.q, lang, { plan: query.plan, coverage });
  },
});
