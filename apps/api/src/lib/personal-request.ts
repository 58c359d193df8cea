/**
 * Whether a request speaks for a visitor (issue 30): it carries an `Authorization` header (a
 * bearer token), or the web session's `otc_session` or the guest cart's `otc_cart` cookie
 * (docs/web-session.md). An answer that depends on the visitor is then `private, no-store`, and
 * no cache of this process serves or keeps it.
 *
 * Only whether the credentials are there, not whether they are valid: an answer to a bad token is
 * no business of a shared cache either.
 */
import type { FastifyRequest } from 'fastify';

export const PERSONAL_COOKIES = ['otc_session', 'otc_cart'] as const;

const PERSONAL_COOKIE = new RegExp(`(?:^|;)\\s*(?:${PERSONAL_COOKIES.join('|')})=[^;\\s]`);

export function isPersonalRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  if (request.headers.authorization !== undefined) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && PERSONAL_COOKIE.test(cookie);
}
