/** Profile fields, password, health plan, suggested basket and reminder setting of the signed-in customer. */
import { GUEST_PLAN_COOKIE, GUEST_PLAN_COOKIE_MAX_AGE_DAYS } from '@otc/sdk';
import { defineHandlers } from '../../lib/contract-routes.js';
import { clearCookie, setCookie } from '../../lib/web-session.js';

export default defineHandlers({
  updateCustomer: async ({ customerId, body, services }) =>
    services.customers.update(customerId, body),

  changePassword: async ({ customerId, body, services, request }) =>
    services.auth.changePassword(customerId, body, {
      sessionId: request.sessionId,
      provenUntil: request.provenUntil,
    }),

  listHealthPlans: async ({ services }) => services.customers.listPlans(),

  // A guest's plan: a known, active plan's code into the cookie (the catalog, the cart and the
  // page caches read it), or none.
  chooseGuestPlan: async ({ body, request, reply, services }) => {
    const settings = { ...request.server.cookieSettings, httpOnly: false };
    if (!body.code.trim()) {
      clearCookie(reply, GUEST_PLAN_COOKIE, settings);
      return { code: null };
    }
    const plan = await services.customers.activePlan(body.code);
    setCookie(reply, GUEST_PLAN_COOKIE, plan.code, GUEST_PLAN_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60, settings);
    return { code: plan.code };
  },

  chooseHealthPlan: async ({ customerId, body, services }) =>
    services.customers.choosePlan(customerId, body.code),

  suggestedBasket: async ({ customerId, services, lang }) => services.basket.suggest(customerId, lang),

  reminderSetting: async ({ customerId, services }) => services.reminders.setting(customerId),

  updateReminderSetting: async ({ customerId, body, services }) => services.reminders.update(customerId, body.reminders),
});
