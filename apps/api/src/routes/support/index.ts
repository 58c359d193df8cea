/**
 * Contact messages (anyone) and product requests (signed in). Each is limited per client address
 * per day (429 `limitReached`) and guarded by the bot check when one is configured (403 `low_rate`).
 */
import { enforceDailyLimit } from '../../lib/daily-limit.js';
import { defineHandlers } from '../../lib/contract-routes.js';
import { optionalCustomer } from '../../lib/optional-customer.js';
import { assertHuman } from '../../services/bot-check.js';

export default defineHandlers({
  sendContactMessage: async ({ body, services, request }) => {
    await enforceDailyLimit(request, 'contact', services.config.supportDailyLimitPerClient);
    await assertHuman(services.botCheck, services.config.botCheckMinScore, body.botToken, request.ip);
    // The call needs no login; a valid bearer token of an active session links the message to
    // its customer.
    return services.support.sendContactMessage(body, await optionalCustomer(request, services));
  },

  requestProduct: async ({ customerId, body, services, request }) => {
    await enforceDailyLimit(request, 'product-request', services.config.supportDailyLimitPerClient);
    await assertHuman(services.botCheck, services.config.botCheckMinScore, body.botToken, request.ip);
    return services.support.requestProduct(customerId, body);
  },
});
