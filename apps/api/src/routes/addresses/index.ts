/** Saved addresses of the signed-in customer (delivery states only). */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  listAddresses: async ({ customerId, services }) => services.addresses.list(customerId),

  addAddress: async ({ customerId, body, services }) => services.addresses.add(customerId, body),

  updateAddress: async ({ customerId, params, body, services }) =>
    services.addresses.update(customerId, params.id, body),

  removeAddress: async ({ customerId, params, services }) => {
    await services.addresses.remove(customerId, params.id);
    return { ok: true as const };
  },
});
