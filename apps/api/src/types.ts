/** Fastify declarations of this app: what plugins decorate. */
import type { Database } from './db/client.js';
import type { AppConfig } from './env.js';
import type { Lang } from './lib/errors.js';
import type { CookieSettings } from './lib/web-session.js';
import type { CookieVisitor } from './plugins/app/auth.js';
import type { Services } from './services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
    /**
     * Pre-handler of `auth: true` routes: the member of a bearer token or a web session cookie
     * (a cookie-carried write checked for its origin and CSRF token); 401 `unauthorized` without.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Pre-handler of `guestCart` routes: a member as `authenticate`, else the guest cart's owner. */
    authenticateCart: (request: FastifyRequest, route: { optional?: boolean; createsCart?: boolean }) => Promise<void>;
    /** Pre-handler of the other writes: checked when a cookie carries them (sign-in, sign-out, forms). */
    guardPublicWrite: (request: FastifyRequest, route: { signIn?: boolean }) => Promise<void>;
    /** The web session and guest cart the request's cookies name (each checked; read once). */
    cookieVisitor: (request: FastifyRequest) => Promise<CookieVisitor>;
    /** Attributes of the cookies this shop sets (`Secure` when PUBLIC_URL is https). */
    cookieSettings: CookieSettings;
  }
  interface FastifyRequest {
    /** Set by `authenticate`. */
    customerId: number | null;
    /** Set by `authenticate`: the session (refresh-token family) of the access token, if named. */
    sessionId: string | null;
    /**
     * Set by `authenticate`: until when this session counts as recently proven (its sign-in for
     * `RECENT_SIGN_IN_PROOF_MINUTES`, an explicit proof for `PROOF_VALID_MINUTES`; may be past).
     */
    provenUntil: Date | null;
    /**
     * What carried the customer: a bearer token, the web session cookie, or the guest cart
     * cookie (`customerId` is then the guest owner, on `guestCart` routes only).
     */
    credential: 'bearer' | 'session' | 'cart' | null;
    /** From Accept-Language: 'es' when Spanish is preferred, else 'en'. */
    lang: Lang;
  }
  interface FastifyContextConfig {
    /** The contract route name of a route registered from the contract. */
    contractRoute?: string;
    /** Answers carry `Cache-Control: no-store` (signed-in routes, the sign-in calls' tokens, every write). */
    noStore?: boolean;
  }
}

export {};
