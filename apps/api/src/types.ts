/** Fastify declarations of this app: what plugins decorate. */
import type { Database } from './db/client.js';
import type { AppConfig } from './env.js';
import type { Lang } from './lib/errors.js';
import type { Services } from './services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    services: Services;
    /** Pre-handler of `auth: true` routes: 401 `{ message, code: 'unauthorized' }` without a valid bearer token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
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
    /** From Accept-Language: 'es' when Spanish is preferred, else 'en'. */
    lang: Lang;
  }
  interface FastifyContextConfig {
    /** The contract route name of a route registered from the contract. */
    contractRoute?: string;
    /** Answers carry `Cache-Control: no-store` (signed-in routes, and the sign-in calls' tokens). */
    noStore?: boolean;
  }
}

export {};
