/**
 * Categories, the product list and product detail (public; personalised when signed in).
 *
 * Coverage marks (`coveredByPlan`): the `coveragePlan` parameter, else the `plan` filter, else the
 * signed-in customer's saved plan. Their caching (ETag, Cache-Control, Vary on the language and the
 * caller; `private, no-store` to a personal request) is plugins/app/public-answers.ts's.
 */
import { defineHandlers } from '../../lib/contract-routes.js';
import { optionalCustomer } from '../../lib/optional-customer.js';

export default defineHandlers({
  categories: async ({ query, lang, services }) => services.catalog.categories(lang, query.plan),

  products: async ({ query, lang, services, request }) => {
    const coverage = await services.catalog.coverage(query, () => optionalCustomer(request, services));
    return services.search.list(query, lang, coverage);
  },

  product: async ({ params, query, lang, services, request }) => {
    const customerId = await optionalCustomer(request, services);
    const coverage = await services.catalog.coverage(query ?? {}, async () => customerId);
    return services.catalog.detail(params.id, lang, customerId, { coverage });
  },
});
