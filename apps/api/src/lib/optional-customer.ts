/**
 * The signed-in customer of a public route, when the request carries a valid bearer token of an
 * active session; null for a guest (an invalid or expired token, or one of an ended session, on a
 * public route is answered as for a guest: it reveals nothing of the customer any more).
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services/index.js';

export async function optionalCustomer(request: FastifyRequest, services: Services): Promise<number | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const claims = await services.tokens.verifyAccess(match[1]);
  if (!claims) return null;
  return (await services.tokens.activeSession(claims.sessionId, claims.customerId)) !== null ? claims.customerId : null;
}
