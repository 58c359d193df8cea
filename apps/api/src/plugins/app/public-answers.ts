/**
 * Public answers that caches may keep (issue 30): the catalog (list with every filter and sort,
 * product, categories), search, settings, health plans and product pictures.
 *
 * - Each answer carries a weak ETag (a hash of its body, so it changes with the data and is the
 *   same in every process) and `If-None-Match` naming it is answered 304 without a body.
 * - `Cache-Control` (PUBLIC_CACHE_CONTROL below, with the reasons). `Vary` names only what changes
 *   the answer besides its address: the language (Accept-Language, how `request.lang` is picked),
 *   and for the answers that mark coverage for the signed-in customer's plan, what signs in:
 *   Authorization and Cookie (the web session). The plan a guest chose is in the address (`plan`,
 *   `coveragePlan`).
 * - Those answers to a personal request (a bearer token, or the web session's or guest cart's
 *   cookie: lib/personal-request.ts) are `private, no-store`, and never kept here.
 * - Hot answers: every public answer is kept in this process (lib/hot-answers.ts, bounded, least
 *   recently used first) under the current data version, with single flight, so a rush of
 *   identical requests costs one query and the rest cost no database at all. The kept body is
 *   sent as it was serialized, and its br/gzip copies are made once.
 * - The data version moves whenever a change of public data is announced (lib/public-data.ts):
 *   in this process at once, in every other one when the change commits (PostgreSQL
 *   LISTEN/NOTIFY). A kept answer also lives at most PUBLIC_ANSWER_FRESH_MS, what no announcement
 *   covers. So every process answers a change within that promise (in practice milliseconds).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HotAnswers, ifNoneMatchHits, type Encoding, type KeptAnswer } from '../../lib/hot-answers.js';
import { isPersonalRequest } from '../../lib/personal-request.js';
import {
  PUBLIC_DATA_CHANNEL,
  onLocalPublicDataChange,
  publicDataChangeOf,
  type PublicDataChange,
} from '../../lib/public-data.js';
import { COMPRESS_THRESHOLD_BYTES, compressesRoute } from '../external/compress.js';

/**
 * Browsers keep a public answer 15 s (going back, opening the same page again cost nothing) and
 * shared caches (nginx, a CDN) 30 s; then each may hand the copy out 15 s more while it asks
 * again, and asking again is mostly a 304. So during the quarter-end rush a shared cache asks the
 * API about once per 30 s per address and language, while a card's stock or price shown to a
 * shopper lags the truth by at most 5 s (this process) + 30 + 15 (a shared cache) + 15 + 15 (the
 * browser) = 80 s, 35 s without a shared cache. Stock on a card may lag (issue 30): the cart and
 * checkout are personal answers and always read the truth.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=15, s-maxage=30, stale-while-revalidate=15';
/**
 * A product picture is drawn from the product's name, brand and category colour, which change
 * rarely and never with stock or price; a page shows 24 of them. An hour, then a day of serving
 * the copy while revalidating (a 304).
 */
export const PICTURE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';
/** Answers to a personal request that depend on the visitor: no cache keeps them. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
/** The longest a kept answer is served in this process (the API's own promise). */
export const PUBLIC_ANSWER_FRESH_MS = 5_000;
const HOT_ANSWERS_MAX_ENTRIES = 2_000;
const HOT_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;

export interface PublicAnswerPolicy {
  cacheControl: string;
  /** Request headers the answer depends on besides its address. */
  vary: readonly string[];
  /** The answer marks coverage for the signed-in customer (lib/optional-customer.ts). */
  dependsOnVisitor: boolean;
}

/**
 * Cookie too: a browser that kept a guest's list must not show it again once the web session's
 * cookie signs the shopper in. The storefront's only other cookie is `locale`, so a shared cache
 * holds at most three copies of an address (a shared cache passes personal requests anyway).
 */
const CATALOG: PublicAnswerPolicy = {
  cacheControl: PUBLIC_CACHE_CONTROL,
  vary: ['Accept-Language', 'Authorization', 'Cookie'],
  dependsOnVisitor: true,
};

/** By contract route name (or a route's `publicAnswer` config): the public answers. */
export const PUBLIC_ANSWERS: Readonly<Record<string, PublicAnswerPolicy>> = {
  products: CATALOG,
  product: CATALOG,
  search: CATALOG,
  categories: { cacheControl: PUBLIC_CACHE_CONTROL, vary: ['Accept-Language'], dependsOnVisitor: false },
  settings: { cacheControl: PUBLIC_CACHE_CONTROL, vary: [], dependsOnVisitor: false },
  listHealthPlans: { cacheControl: PUBLIC_CACHE_CONTROL, vary: [], dependsOnVisitor: false },
  productPicture: { cacheControl: PICTURE_CACHE_CONTROL, vary: [], dependsOnVisitor: false },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route outside the contract whose answer is public: its PUBLIC_ANSWERS name. */
    publicAnswer?: string;
  }
  interface FastifyInstance {
    /** The kept public answers (tests and the bench read their size). */
    publicAnswers: { version(): number; size(): { entries: number; bytes: number } };
  }
}

function policyOf(request: FastifyRequest): PublicAnswerPolicy | undefined {
  const config = request.routeOptions.config;
  const name = config?.publicAnswer ?? config?.contractRoute;
  return name === undefined ? undefined : PUBLIC_ANSWERS[name];
}

/** The encoding to send a kept answer in: br, else gzip, when accepted (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

interface Flight {
  key: string;
  version: number;
  finish: (answer: KeptAnswer | null) => void;
}

export default fp(
  async (app) => {
    const answers = new HotAnswers({
      maxEntries: HOT_ANSWERS_MAX_ENTRIES,
      maxBytes: HOT_ANSWERS_MAX_BYTES,
      ttlMs: PUBLIC_ANSWER_FRESH_MS,
      now: () => app.services.clock.now().getTime(),
    });
    let version = 0;
    const changed = (change: PublicDataChange) => {
      version += 1;
      // What the services keep for themselves goes too when it can have changed.
      if (change === 'catalog') app.services.catalog.invalidate();
      if (change === 'catalog' || change === 'settings') app.services.settings.invalidate();
    };
    const stopHearingLocal = onLocalPublicDataChange(changed);
    let stopListening: (() => Promise<void>) | undefined;
    try {
      // (Re)listening counts as a change: what was announced while the connection was away is lost.
      stopListening = await app.database.listen(PUBLIC_DATA_CHANNEL, (payload) => changed(publicDataChangeOf(payload)), () => changed('catalog'));
    } catch (error) {
      app.log.error({ err: error }, 'cannot listen for public data changes: kept answers live their lifetime only');
    }
    app.addHook('preClose', async () => {
      stopHearingLocal();
      await stopListening?.();
    });
    app.decorate('publicAnswers', { version: () => version, size: () => answers.size() });

    const flights = new WeakMap<FastifyRequest, Flight>();
    const servedKept = new WeakSet<FastifyRequest>();

    const personalAnswer = (request: FastifyRequest, policy: PublicAnswerPolicy) =>
      policy.dependsOnVisitor && isPersonalRequest(request);

    function describe(request: FastifyRequest, reply: FastifyReply, policy: PublicAnswerPolicy, answer: KeptAnswer) {
      // CORS (configured origins) varies the answer by Origin: kept, or a shared cache could hand
      // one origin's answer (or one without the allow header) to another.
      const byOrigin = String(reply.getHeader('vary') ?? '')
        .split(',')
        .some((name) => name.trim().toLowerCase() === 'origin');
      const vary = [...(byOrigin ? ['Origin'] : []), ...policy.vary];
      // Written as @fastify/compress writes it, so it adds no second one.
      if (answer.bytes >= COMPRESS_THRESHOLD_BYTES && compressesRoute(request.url)) vary.push('accept-encoding');
      reply.header('cache-control', policy.cacheControl).header('etag', answer.etag);
      if (vary.length > 0) reply.header('vary', vary.join(', '));
      else reply.removeHeader('vary');
    }

    function serveKept(request: FastifyRequest, reply: FastifyReply, policy: PublicAnswerPolicy, answer: KeptAnswer) {
      servedKept.add(request);
      describe(request, reply, policy, answer);
      if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      reply.type(answer.contentType);
      const encoding =
        answer.bytes >= COMPRESS_THRESHOLD_BYTES && compressesRoute(request.url)
          ? acceptedEncoding(request.headers['accept-encoding'])
          : undefined;
      if (encoding) return reply.header('content-encoding', encoding).send(answers.encode(answer, encoding));
      return reply.send(answer.body);
    }

    // After the route's own onRequest hooks (the rate limit counts every request), before the
    // query is validated: a kept answer was a valid request's.
    app.addHook('preValidation', async (request, reply) => {
      if (request.method !== 'GET') return;
      const policy = policyOf(request);
      if (!policy || personalAnswer(request, policy)) return;
      const key = `${policy.vary.includes('Accept-Language') ? request.lang : '-'} ${request.url}`;
      const at = version;
      const kept = answers.get(key, at);
      if (kept) return serveKept(request, reply, policy, kept);
      const pending = answers.waitFor(key, at);
      if (pending) {
        const computed = await pending;
        if (computed) return serveKept(request, reply, policy, computed);
      }
      flights.set(request, { key, version: at, finish: answers.lead(key, at) });
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const policy = policyOf(request);
      if (!policy) return payload;
      // Said again: auth's hook (before this one) says no-store to any bearer-carrying request.
      if (servedKept.has(request)) {
        reply.header('cache-control', policy.cacheControl);
        return payload;
      }
      const flight = flights.get(request);
      if (personalAnswer(request, policy)) {
        reply.header('cache-control', PERSONAL_CACHE_CONTROL);
        return payload;
      }
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        flight?.finish(null);
        return payload;
      }
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const answer = flight
        ? answers.keep(flight.key, flight.version, version, payload, contentType)
        : answers.keep('', -1, version, payload, contentType); // HEAD: described, not kept
      flight?.finish(answer);
      describe(request, reply, policy, answer);
      if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });

    // A request that ends without an answer to share (aborted, failed) lets its followers compute.
    const release = async (request: FastifyRequest) => flights.get(request)?.finish(null);
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
  },
  { name: 'public-answers', dependencies: ['services', 'auth', 'database'] },
);
