/** E-mails of the signed-in customer: add, verify, resend the code, make primary, preferences, remove. */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  addEmail: async ({ customerId, body, services, request }) =>
    services.contacts.add('email', customerId, body.value, request.ip, request.lang),

  verifyEmail: async ({ customerId, params, body, services }) =>
    services.contacts.verify('email', customerId, params.id, body.code),

  resendEmailCode: async ({ customerId, params, services, request }) =>
    services.contacts.resend('email', customerId, params.id, request.ip, request.lang),

  makeEmailPrimary: async ({ customerId, params, services }) =>
    services.contacts.makePrimary('email', customerId, params.id),

  updateEmail: async ({ customerId, params, body, services }) =>
    services.contacts.updateEmail(customerId, params.id, body),

  removeEmail: async ({ customerId, params, services }) =>
    services.contacts.remove('email', customerId, params.id),
});
