/**
 * The page renderer's own API calls (plugins/external/page-renderer.ts, issue 32): answered in
 * this process through `app.inject` with the visitor's address, they are the page's data, not the
 * visitor's API traffic, so the rate limits let them through (the page view is what the visitor
 * asked for). They carry RENDER_CALL_HEADER with a value drawn at random when the process starts
 * and never sent out: a client that sends the header cannot know it, and the renderer forwards
 * none of the visitor's headers under that name.
 *
 * Only reads (GET, HEAD) are a page's data. A write of a render (a form post's action, issue 29)
 * is the visitor's own request: marked or not, it counts against their limits, or a form without
 * scripts would allow unlimited password guesses.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const RENDER_CALL_HEADER = 'x-otc-render-call';

const renderCallToken = randomBytes(32).toString('base64url');

function isRead(method: string): boolean {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD';
}

/** The headers that mark a render's call of `method` as the renderer's: none for a write. */
export function renderCallHeaders(method: string): Record<string, string> {
  return isRead(method) ? { [RENDER_CALL_HEADER]: renderCallToken } : {};
}

export function isRenderCall(request: Pick<FastifyRequest, 'headers' | 'method'>): boolean {
  if (!isRead(request.method)) return false;
  const value = request.headers[RENDER_CALL_HEADER];
  if (typeof value !== 'string' || value.length !== renderCallToken.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(renderCallToken));
}
