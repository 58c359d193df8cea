/** Orders and payments (logic in services/orders.ts and services/payments.ts). */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  prepareDraft: async ({ customerId, body, services, lang }) =>
    services.orders.prepare(customerId, body.agentId, lang),

  setSkuAmount: async ({ customerId, params, body, services, lang }) =>
    services.orders.setSkuAmount(customerId, params.id, body, lang),

  setItems: async ({ customerId, params, body, services, lang }) =>
    services.orders.setItems(customerId, params.id, body.rows, lang),

  recalculate: async ({ customerId, params, services, lang }) =>
    services.orders.recalculate(customerId, params.id, lang),

  updateOrder: async ({ customerId, params, body, services, lang }) =>
    services.orders.setPromoCode(customerId, params.id, body.promoCode, lang),

  completeOrder: async ({ customerId, params, services, lang }) =>
    services.orders.complete(customerId, params.id, lang),

  backToDraft: async ({ customerId, params, services, lang }) =>
    services.orders.backToDraft(customerId, params.id, lang),

  payOrder: async ({ customerId, params, body, services }) =>
    services.payments.pay(customerId, params.id, body),

  listOrders: async ({ customerId, query, services }) =>
    services.orders.list(customerId, query.page ?? 1),

  getOrder: async ({ customerId, params, services, lang }) =>
    services.orders.detail(customerId, params.id, lang),

  getDelivery: async ({ customerId, services }) => services.orders.getDelivery(customerId),

  setDelivery: async ({ customerId, body, services, lang }) =>
    services.orders.setDelivery(customerId, body.addressId, lang),
});
