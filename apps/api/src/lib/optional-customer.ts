/**
 * The signed-in customer of a public route: the customer of a valid bearer token of an active
 * session, else (no `Authorization` header) of a valid web session cookie; null for a guest (an
 * invalid or expired token or cookie, or one of an ended session, is answered as for a guest: it
 * reveals nothing of the customer any more). A guest cart's owner is never a signed-in customer.
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services/index.js';

export async function optionalCustomer(request: FastifyRequest, services: Services): Promise<number | null> {
  if (request.headers.authorization === undefined) {
    const { session } = await request.server.cookieVisitor(request);
    return session?.customerId ?? null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization);
  if (!match?.[1]) return null;
  const claims = await services.tokens.verifyAccess(match[1]);
  if (!claims) return null;
  return (await services.tokens.activeSession(claims.sessionId, claims.customerId)) !== null ? claims.customerId : null;
}
