/**
 * The one-click unsubscribe of RFC 8058: a mail provider POSTs `List-Unsubscribe=One-Click` as a
 * form (`application/x-www-form-urlencoded`, or `multipart/form-data`) to the link of the
 * `List-Unsubscribe` header. The API reads JSON only, so these two types are accepted on the
 * routes named here, where the body (a fixed text that says nothing) is read and dropped. Every
 * other API route answers them 415 as before, and a form posted to a storefront address (a
 * not-found route here) is left unread for the storefront's own reading (plugins/external/storefront.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { RouteName } from '@otc/sdk/contract';
import { HttpError } from './errors.js';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** `List-Unsubscribe=One-Click` and a multipart envelope fit well within this. */
const ONE_CLICK_BODY_LIMIT = 2048;

export function acceptOneClickForms(app: FastifyInstance, routes: ReadonlySet<RouteName>): void {
  app.addContentTypeParser(FORM_TYPES, (request, payload, done) => {
    if (request.is404) {
      done(null, undefined);
      return;
    }
    if (!routes.has(request.routeOptions.config.contractRoute as RouteName)) {
      done(new HttpError('unsupported_media_type'), undefined);
      return;
    }
    let size = 0;
    let finished = false;
    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      payload.removeAllListeners('data');
      done(error, undefined);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > ONE_CLICK_BODY_LIMIT) finish(new HttpError('payload_too_large'));
    });
    payload.on('end', () => finish(null));
    payload.on('error', () => finish(new HttpError('bad_request')));
  });
}
