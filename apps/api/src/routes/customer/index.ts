/** Profile fields, password and health plan of the signed-in customer. */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  updateCustomer: async ({ customerId, body, services }) =>
    services.customers.update(customerId, body),

  changePassword: async ({ customerId, body, services, request }) =>
    services.auth.changePassword(customerId, body, {
      sessionId: request.sessionId,
      provenUntil: request.provenUntil,
    }),

  listHealthPlans: async ({ services }) => services.customers.listPlans(),

  chooseHealthPlan: async ({ customerId, body, services }) =>
    services.customers.choosePlan(customerId, body.code),
});
