/**
 * The page renderer's own API calls (plugins/external/page-renderer.ts, issue 32): answered in
 * this process through `app.inject` with the visitor's address, they are the page's data, not the
 * visitor's API traffic, so the rate limits let them through (the page view is what the visitor
 * asked for). They carry RENDER_CALL_HEADER with a value drawn at random when the process starts
 * and never sent out: a client that sends the header cannot know it, and the renderer forwards
 * none of the visitor's headers under that name.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const RENDER_CALL_HEADER = 'x-otc-render-call';

const renderCallToken = randomBytes(32).toString('base64url');

/** The headers that mark a call as the renderer's (only the renderer may add them). */
export function renderCallHeaders(): Record<string, string> {
  return { [RENDER_CALL_HEADER]: renderCallToken };
}

export function isRenderCall(request: Pick<FastifyRequest, 'headers'>): boolean {
  const value = request.headers[RENDER_CALL_HEADER];
  if (typeof value !== 'string' || value.length !== renderCallToken.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(renderCallToken));
}
