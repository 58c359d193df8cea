/** Sign-in, registration, recovery, the signed-in customer, their sessions and recent proof. */
import type { FastifyRequest } from 'fastify';
import { defineHandlers } from '../../lib/contract-routes.js';
import { deviceLabel } from '../../lib/device-label.js';
import type { SessionMeta } from '../../services/tokens.js';

/** What a new session keeps of the request that signed in: a coarse device label only. */
const meta = (request: FastifyRequest): SessionMeta => ({ device: deviceLabel(request.headers['user-agent']) });

export default defineHandlers({
  requestCode: async ({ body, services, request }) =>
    services.auth.requestLoginCode(body.login, request.ip, request.lang),

  verifyCode: async ({ body, services, request }) =>
    services.auth.verifyLoginCode(body.login, body.code, meta(request)),

  login: async ({ body, services, request }) =>
    services.auth.loginWithPassword(body.username, body.password, meta(request)),

  logout: async ({ body, services }) => {
    if (body.refresh_token !== undefined) await services.tokens.revoke(body.refresh_token);
    return { ok: true as const };
  },

  refreshToken: async ({ body, services }) =>
    services.tokens.rotate(body.refresh_token, (id) => services.customers.username(id)),

  registerCode: async ({ body, services, request }) =>
    services.auth.requestRegistrationCode(body.login, request.ip, request.lang),

  register: async ({ body, services, request }) => services.auth.register(body, meta(request)),

  recoveryCode: async ({ body, services, request }) =>
    services.auth.requestRecoveryCode(body.login, request.ip, request.lang),

  recover: async ({ body, services, request }) => services.auth.recover(body, meta(request)),

  me: async ({ customerId, services }) => services.customers.get(customerId),

  listSessions: async ({ customerId, services, request }) =>
    services.tokens.listSessions(customerId, request.sessionId),

  endAllSessions: async ({ customerId, services }) => {
    // Every session, the asking one too: its access token is refused from the next request on.
    await services.tokens.revokeCustomer(customerId);
    return { ok: true as const };
  },

  endSession: async ({ customerId, params, services }) => {
    await services.tokens.endSession(customerId, params.id);
    return { ok: true as const };
  },

  proofStatus: async ({ customerId, services, request }) =>
    services.proof.status(customerId, request.provenUntil),

  requestProofCode: async ({ customerId, services, request }) =>
    services.proof.requestCode(customerId, request.ip, request.lang),

  prove: async ({ customerId, body, services, request }) =>
    services.proof.prove(customerId, { sessionId: request.sessionId, provenUntil: request.provenUntil }, body),
});
