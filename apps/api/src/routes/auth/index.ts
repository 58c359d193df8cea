/** Sign-in, registration, recovery and the signed-in customer. */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  requestCode: async ({ body, services, request }) =>
    services.auth.requestLoginCode(body.login, request.ip, request.lang),

  verifyCode: async ({ body, services }) => services.auth.verifyLoginCode(body.login, body.code),

  login: async ({ body, services }) => services.auth.loginWithPassword(body.username, body.password),

  logout: async ({ body, services }) => {
    await services.tokens.revoke(body.refresh_token);
    return { ok: true as const };
  },

  refreshToken: async ({ body, services }) =>
    services.tokens.rotate(body.refresh_token, (id) => services.customers.username(id)),

  registerCode: async ({ body, services, request }) =>
    services.auth.requestRegistrationCode(body.login, request.ip, request.lang),

  register: async ({ body, services }) => services.auth.register(body),

  recoveryCode: async ({ body, services, request }) =>
    services.auth.requestRecoveryCode(body.login, request.ip, request.lang),

  recover: async ({ body, services }) => services.auth.recover(body),

  me: async ({ customerId, services }) => services.customers.get(customerId),
});
