/** Phones of the signed-in customer: add, verify, resend the code, make primary, preferences, remove. */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  addPhone: async ({ customerId, body, services, request }) =>
    services.contacts.add('phone', customerId, body.value, request.ip, request.lang),

  verifyPhone: async ({ customerId, params, body, services }) =>
    services.contacts.verify('phone', customerId, params.id, body.code),

  resendPhoneCode: async ({ customerId, params, services, request }) =>
    services.contacts.resend('phone', customerId, params.id, request.ip, request.lang),

  makePhonePrimary: async ({ customerId, params, services }) =>
    services.contacts.makePrimary('phone', customerId, params.id),

  updatePhone: async ({ customerId, params, body, services }) =>
    services.contacts.updatePhone(customerId, params.id, body),

  removePhone: async ({ customerId, params, services }) =>
    services.contacts.remove('phone', customerId, params.id),
});
