/**
 * The web session (docs/web-session.md): what a sign-in answers when it was asked for a cookie
 * session (`X-Auth-Mode: session`), the CSRF token's answer, and the cart as the server holds it
 * for a member or a guest.
 */
import * as z from 'zod/mini';
import { tokenPairSchema } from './auth.js';
import { draftMergeAnswerSchema, orderDraftSchema } from './order.js';

/** The header that asks a sign-in route for a web session instead of a token pair. */
export const AUTH_MODE_HEADER = 'X-Auth-Mode';
/** The header that carries the CSRF token of a cookie-carried write (and answers a new one). */
export const CSRF_HEADER = 'X-CSRF-Token';
/** The form field that carries it in a plain form post. */
export const CSRF_FIELD = '_csrf';

/**
 * A web session started: the session itself is the HttpOnly `otc_session` cookie (nothing here a
 * script could reuse); `csrf_token` goes with every write; `merge` is what became of the guest's
 * server cart (`otc_cart`) merged into the member's draft, null when there was none.
 */
export const webSessionSchema = /* @__PURE__ */ (() =>
  z.object({
    session: z.literal('cookie'),
    csrf_token: z.string().check(z.minLength(1)),
    merge: z.nullable(draftMergeAnswerSchema),
  }))();
export type WebSession = z.infer<typeof webSessionSchema>;

/** Every sign-in answers a token pair (`tokens` mode) or a web session (`session` mode). */
export const signInAnswerSchema = /* @__PURE__ */ (() =>
  z.union([tokenPairSchema, webSessionSchema]))();
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** Whether a sign-in answer is a web session (else a token pair). */
export function isWebSession(answer: SignInAnswer): answer is WebSession {
  return 'session' in answer;
}

/** The CSRF token of the visitor's cookie (null when the request carried none). */
export const csrfAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ csrf_token: z.nullable(z.string().check(z.minLength(1))) }))();

/** The cart as the server holds it: a member's or a guest's draft, null for a guest with none. */
export const cartAnswerSchema = /* @__PURE__ */ (() =>
  z.object({ draft: z.nullable(orderDraftSchema) }))();
export type CartAnswer = z.infer<typeof cartAnswerSchema>;
