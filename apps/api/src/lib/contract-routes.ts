/**
 * Routes come from the SDK's contract table: each resource module supplies handlers keyed by
 * contract route name (`defineHandlers`), and `registerContractRoutes` walks the table and
 * registers every route that has a handler, with the contract's zod schemas for params, query,
 * body and the 200 answer (zod/mini schemas, validated and serialized by fastify-type-provider-zod). `auth: true`
 * routes get the member pre-handler (a bearer token or the web session cookie), `guestCart` ones
 * accept the guest cart's cookie too, and other writes carried by a cookie are checked for their
 * origin and CSRF token (plugins/app/auth.ts, docs/web-session.md); `recentProof` routes then need a recent proof of the
 * session (services/proof.ts), else 403 `recent_proof_required` (nothing more in the answer);
 * `devOnly` routes do not exist in production, and
 * elsewhere answer only clients on the loopback interface (403 `forbidden` for any other).
 *
 * Adding a resource (phase 2):
 *   // src/routes/favorites/index.ts
 *   export default defineHandlers({
 *     listFavorites: async ({ customerId, services }) => ...,   // typed from the contract
 *   });
 * then list the module in src/routes/index.ts. Keys not in the contract fail to compile (and
 * throw at start-up); contract routes without a handler are reported by `missingHandlers`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { readGuestPlanCookie } from '@otc/sdk';
import { contract, toRouterPath, type Contract, type RouteName } from '@otc/sdk/contract';
import type { Services } from '../services/index.js';
import { hasRecentProof, recentProofRequired } from '../services/proof.js';
import { bodyLimitOf } from './body-limits.js';
import { HttpError, type Lang } from './errors.js';
import { isWrite, sendCartCookie } from './web-session.js';

/** The first add of a guest without a cart creates the guest cart (docs/web-session.md). */
export const GUEST_CART_CREATORS: ReadonlySet<RouteName> = new Set<RouteName>(['addToDraft', 'mergeIntoDraft']);
/** Sign-ins that may start a web session (`X-Auth-Mode: session`). */
export const WEB_SIGN_INS: ReadonlySet<RouteName> = new Set<RouteName>(['login', 'verifyCode', 'register', 'recover']);

type Parsed<T> = T extends z.ZodMiniType ? z.output<T> : undefined;

export interface HandlerContext<N extends RouteName> {
  params: Parsed<Contract[N] extends { params: z.ZodMiniType } ? Contract[N]['params'] : undefined>;
  query: Parsed<Contract[N] extends { query: z.ZodMiniType } ? Contract[N]['query'] : undefined>;
  body: Parsed<Contract[N] extends { body: z.ZodMiniType } ? Contract[N]['body'] : undefined>;
  /** The signed-in customer (always set on `auth: true` routes). */
  customerId: Contract[N]['auth'] extends true ? number : number | null;
  services: Services;
  lang: Lang;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<N extends RouteName> = (
  ctx: HandlerContext<N>,
) => Promise<z.input<Contract[N]['response']>>;

export type Handlers = { [N in RouteName]?: Handler<N> };

/** Identity with types: each handler's context and answer are inferred from its contract row. */
export function defineHandlers<const H extends Handlers>(handlers: H & Record<Exclude<keyof H, RouteName>, never>): H {
  return handlers;
}

/** Merges resource modules; a route handled twice is a programming error. */
export function mergeHandlers(modules: Handlers[]): Handlers {
  const merged: Record<string, unknown> = {};
  for (const module of modules) {
    for (const [name, handler] of Object.entries(module)) {
      if (name in merged) throw new Error(`Route "${name}" has two handlers`);
      merged[name] = handler;
    }
  }
  return merged as Handlers;
}

/** Handler keys that are not contract routes. */
export function unknownHandlers(handlers: Handlers): string[] {
  return Object.keys(handlers).filter((name) => !(name in contract));
}

/** Contract routes without a handler. */
export function missingHandlers(handlers: Handlers): RouteName[] {
  return (Object.keys(contract) as RouteName[]).filter((name) => !handlers[name]);
}

/**
 * Whether the request comes from this machine. The socket's own peer address, not `request.ip`:
 * with `trustProxy` that one is read from X-Forwarded-For, which any client can write.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

/** The pre-handler of `devOnly` routes: a client on another machine is refused. */
async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!fromLoopback(request)) throw new HttpError('forbidden');
}

export interface RegisterOptions {
  production: boolean;
  /** Requests per minute per address on the sign-in calls (POST routes tagged `auth`). */
  authRateLimitMax: number;
}

export function registerContractRoutes(
  app: FastifyInstance,
  handlers: Handlers,
  options: RegisterOptions,
): RouteName[] {
  const unknown = unknownHandlers(handlers);
  if (unknown.length > 0) throw new Error(`Handlers not in the contract: ${unknown.join(', ')}`);
  const registered: RouteName[] = [];
  /** After `authenticate`: the session must have a recent proof. */
  const recentProof = async (request: FastifyRequest): Promise<void> => {
    if (!hasRecentProof(request.provenUntil, app.services.clock.now())) throw recentProofRequired();
  };
  /** Who may ask (plugins/app/auth.ts): a member, a guest with a cart, or anyone (checked writes). */
  const visitorCheck = (
    name: RouteName,
    def: { auth: boolean; guestCart?: boolean; recentProof?: boolean; devOnly?: boolean; method: string },
  ) => {
    if (def.guestCart) {
      const route = def.auth ? { createsCart: GUEST_CART_CREATORS.has(name) } : { optional: true };
      return async (request: FastifyRequest) => app.authenticateCart(request, route);
    }
    if (def.auth) return def.recentProof ? [app.authenticate, recentProof] : app.authenticate;
    // Development operations act for no visitor (loopback only): a cookie carries nothing there.
    if (def.devOnly) return [];
    const route = { signIn: WEB_SIGN_INS.has(name) };
    return async (request: FastifyRequest) => app.guardPublicWrite(request, route);
  };
  for (const name of Object.keys(contract) as RouteName[]) {
    const def = contract[name] as Contract[RouteName] & {
      params?: z.ZodMiniType;
      query?: z.ZodMiniType;
      body?: z.ZodMiniType;
      devOnly?: boolean;
      recentProof?: boolean;
      guestCart?: boolean;
    };
    const handler = handlers[name] as Handler<RouteName> | undefined;
    if (!handler) continue;
    if (def.devOnly && options.production) continue;
    if (def.recentProof && !def.auth) throw new Error(`Route "${name}" needs a recent proof but no session`);
    app.route({
      method: def.method,
      url: toRouterPath(def.path),
      bodyLimit: bodyLimitOf(name),
      schema: {
        operationId: name,
        summary: def.summary,
        tags: [def.tag],
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        response: { 200: def.response },
        // The document's security (the cookies too) is written by openapi-document.ts.
        ...(def.auth ? { security: [{ bearerAuth: [] }] } : {}),
      },
      config: {
        contractRoute: name,
        // Signed-in answers, the sign-in calls' tokens, and every answer to a write (a balance
        // check, a contact message): none is the same for the next asker, so none may be kept.
        noStore: def.auth || def.tag === 'auth' || def.method !== 'GET',
        ...(def.tag === 'auth' && def.method === 'POST'
          ? { rateLimit: { max: options.authRateLimitMax, timeWindow: '1 minute' } }
          : {}),
      },
      // Before validation: a caller without a session (or without a recent proof, where one is
      // needed), or a cookie-carried write from elsewhere, learns nothing about the body it sent.
      preValidation: visitorCheck(name, def),
      ...(def.devOnly ? { onRequest: loopbackOnly } : {}),
      handler: async (request, reply) => {
        // The first add of a guest without a cart: its owner is created once the body is valid,
        // and removed again if the add is refused, so a refused write leaves nothing behind.
        const createdGuest = def.auth && def.guestCart && request.customerId === null
          ? await app.services.guestCarts.create(request.lang)
          : null;
        if (createdGuest !== null) {
          request.customerId = createdGuest;
          request.credential = 'cart';
        }
        try {
          // A guest's cart marks what the plan they chose does not cover (the `otc_plan` cookie).
          if (def.guestCart && request.credential === 'cart' && request.customerId) {
            await app.services.guestCarts.followPlan(request.customerId, readGuestPlanCookie(request.headers.cookie));
          }
          const answer = await handler({
            params: request.params,
            query: request.query,
            body: request.body,
            customerId: request.customerId ?? null,
            services: app.services,
            lang: request.lang,
            request,
            reply,
          } as HandlerContext<RouteName>);
          // A guest's cart lives 30 days from its last write.
          if (request.credential === 'cart' && isWrite(request.method)) sendCartCookie(app, reply, request.customerId!);
          return answer;
        } catch (error) {
          if (createdGuest !== null) await app.services.guestCarts.remove(createdGuest);
          throw error;
        }
      },
    });
    registered.push(name);
  }
  return registered;
}
