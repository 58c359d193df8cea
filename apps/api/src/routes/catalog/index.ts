/**
 * Categories, the product list and product detail (public; personalised when signed in).
 *
 * Coverage marks (`coveredByPlan`): the `coveragePlan` parameter, else the `plan` filter, else the
 * signed-in customer's saved plan. An answer to a request with a bearer token is `no-store`
 * (plugins/app/auth.ts); the list, detail and search answers also vary on the caller and the
 * language, so no shared cache hands a guest's answer to a member or one language to another.
 */
import type { FastifyReply } from 'fastify';
import { defineHandlers } from '../../lib/contract-routes.js';
import { optionalCustomer } from '../../lib/optional-customer.js';

/** Adds `Authorization` and `Accept-Language` to the answer's `Vary` header. */
export function varyOnCaller(reply: FastifyReply) {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const names = [...current];
  for (const name of ['Authorization', 'Accept-Language']) {
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  reply.header('vary', names.join(', '));
}

export default defineHandlers({
  categories: async ({ query, lang, services }) => services.catalog.categories(lang, query.plan),

  products: async ({ query, lang, services, request, reply }) => {
    varyOnCaller(reply);
    const coverage = await services.catalog.coverage(query, () => optionalCustomer(request, services));
    return services.search.list(query, lang, coverage);
  },

  product: async ({ params, query, lang, services, request, reply }) => {
    varyOnCaller(reply);
    const customerId = await optionalCustomer(request, services);
    const coverage = await services.catalog.coverage(query ?? {}, async () => customerId);
    return services.catalog.detail(params.id, lang, customerId, { coverage });
  },
});
