/** Orders and payments (logic in services/orders/ and services/payments.ts). */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  // A member's draft (created when none), a guest's cart, or null: a guest who only looks gets
  // no cart (docs/web-session.md).
  readCart: async ({ customerId, services, lang }) => ({
    draft: customerId === null ? null : await services.orders.prepare(customerId, undefined, lang),
  }),

  prepareDraft: async ({ customerId, body, services, lang }) =>
    services.orders.prepare(customerId, body.agentId, lang),

  addToDraft: async ({ customerId, body, services, lang }) => services.orders.addToDraft(customerId, body, lang),

  mergeIntoDraft: async ({ customerId, body, services, lang }) =>
    services.orders.mergeIntoDraft(customerId, body, lang),

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

  payOrder: async ({ customerId, params, body, services, lang }) => {
    // An ended hold goes back to the cart first: paying it then answers `order_payment_time_over`.
    await services.orders.sweepFor(customerId);
    return services.payments.pay(customerId, params.id, body, lang);
  },

  cancelOrder: async ({ customerId, params, services, lang }) => {
    await services.orders.sweepFor(customerId);
    // The operations' cancel (release, or restock and refund, once), with the customer's
    // ownership and cancel window checked under the order's lock.
    await services.fulfilment.cancel(params.id, { customerId, windowMs: services.config.orderCancelMs });
    return services.orders.detail(customerId, params.id, lang);
  },

  listOrders: async ({ customerId, query, services }) =>
    services.orders.list(customerId, query.page ?? 1),

  getOrder: async ({ customerId, params, services, lang }) =>
    services.orders.detail(customerId, params.id, lang),

  getDelivery: async ({ customerId, services }) => services.orders.getDelivery(customerId),

  setDelivery: async ({ customerId, body, services, lang }) =>
    services.orders.setDelivery(customerId, body.addressId, lang),
});
