/**
 * Benefit and insurance cards of the signed-in customer, and the guest balance check (no login;
 * limited per client address per day and guarded by the bot check when one is configured; its
 * code checks count toward the card-proof limits of the client address and the card).
 */
import { enforceDailyLimit } from '../../lib/daily-limit.js';
import { defineHandlers } from '../../lib/contract-routes.js';
import { assertHuman } from '../../services/bot-check.js';

export default defineHandlers({
  listCards: async ({ customerId, services }) => services.cards.list(customerId),

  addCard: async ({ customerId, body, services }) => services.cards.add(customerId, body),

  makeCardActive: async ({ customerId, params, services }) =>
    services.cards.makeActive(customerId, params.id),

  checkBalance: async ({ body, services, request }) => {
    await enforceDailyLimit(request, 'balance-check', services.config.supportDailyLimitPerClient);
    await assertHuman(services.botCheck, services.config.botCheckMinScore, body.botToken, request.ip);
    return services.cards.checkBalance(body, request.ip);
  },
});
