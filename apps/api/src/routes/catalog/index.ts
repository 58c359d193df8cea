/** Categories, the product list and product detail (public; detail personalised when signed in). */
import { defineHandlers } from '../../lib/contract-routes.js';
import { optionalCustomer } from '../../lib/optional-customer.js';

export default defineHandlers({
  categories: async ({ query, lang, services }) => services.catalog.categories(lang, query.plan),

  products: async ({ query, lang, services }) => services.catalog.list(query, lang),

  product: async ({ params, lang, services, request }) =>
    services.catalog.detail(params.id, lang, await optionalCustomer(request, services)),
});
