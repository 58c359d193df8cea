/**
 * `buildApp(options)`: the Fastify app used by the server and by tests. Options override the
 * configuration read from the environment (e.g. `{ config: { dataDir: ':memory:' } }`), and tests
 * may hand in an opened database, a clock and a mail transport.
 *
 * Order (after fastify/demo): external plugins (database, helmet, compression, CORS, rate limit,
 * swagger), app plugins (services, authentication), then the routes of the contract, the site
 * routes (sitemap, product pictures) and the built storefront.
 */
import { STATUS_CODES } from 'node:http';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Transporter } from 'nodemailer';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { CONTRACT_VERSION_HEADER, FIELD_ERRORS_MAX, errorText } from '@otc/sdk';
import { CONTRACT_VERSION } from '@otc/sdk/contract';
import { sessionRecordingConfigured } from '@otc/sdk/rules';
import { fieldIssueFromZod, type ZodFieldIssue } from '@otc/sdk/validation';
import { openDatabase, type Database } from './db/client.js';
import { ConfigError, PLACEHOLDER_SUPPORT_PHONE, loadConfig, type AppConfig } from './env.js';
import { DEFAULT_BODY_LIMIT } from './lib/body-limits.js';
import { registerContractRoutes, type Handlers } from './lib/contract-routes.js';
import { systemClock, type Clock } from './lib/clock.js';
import { acceptOneClickForms } from './lib/one-click-form.js';
import {
  HttpError,
  fieldAnswer,
  message,
  pickLanguage,
  type ApiCode,
  type Lang,
} from './lib/errors.js';
import { resolveSecret, secretWeakness } from './lib/secret.js';
import authPlugin from './plugins/app/auth.js';
import probesPlugin from './plugins/app/probes.js';
import publicAnswersPlugin from './plugins/app/public-answers.js';
import servicesPlugin from './plugins/app/services.js';
import compressPlugin from './plugins/external/compress.js';
import corsPlugin from './plugins/external/cors.js';
import databasePlugin from './plugins/external/database.js';
import helmetPlugin from './plugins/external/helmet.js';
import rateLimitPlugin from './plugins/external/rate-limit.js';
import staticPlugin, { serveStorefrontFallback } from './plugins/external/storefront.js';
import swaggerPlugin from './plugins/external/swagger.js';
import { handlers as allHandlers } from './routes/index.js';
import imageRoutes from './routes/images/index.js';
import siteRoutes from './routes/site/index.js';
import type { CardIssuer } from './services/card-issuer.js';
import { createNotifier, scrubOutboxCodes, type Notifier } from './services/notifier.js';
import { assertSandboxAllowed, SANDBOX_IN_PRODUCTION_WARNING } from './services/payment-gateways/sandbox.js';
import type { PaymentGateway } from './services/payment-gateways/types.js';
import './types.js';

export interface BuildAppOptions {
  /** Variables to read the configuration from (process.env by default). */
  env?: Record<string, string | undefined>;
  /** Overrides of the configuration read from `env`. */
  config?: Partial<AppConfig>;
  /** An opened (and migrated) database; otherwise one is opened from the configuration. */
  database?: Database;
  /** Migrate the database opened here (default true). */
  migrate?: boolean;
  clock?: Clock;
  notifier?: Notifier;
  /** SMTP transport for e-mail (tests); otherwise built from SMTP_URL when set. */
  mailTransport?: Transporter;
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per address (global), and on sign-in calls. */
  rateLimit?: { max?: number; authMax?: number };
  /** Handlers to register (tests); the app's own by default. */
  handlers?: Handlers;
  /** A card issuer and payment gateways in place of the bundled sandboxes (tests). */
  issuer?: CardIssuer;
  gateways?: PaymentGateway[];
}

/** Paths of secrets in logs: replaced by "[redacted]". */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'token',
  'refresh_token',
  'password',
  'code',
  'number',
  'card',
  '*.token',
  '*.refresh_token',
  '*.password',
  '*.passwordConfirmation',
  '*.currentPassword',
  '*.code',
  '*.number',
  '*.card',
  '*.input.card',
  '*.input.code',
];

/**
 * A URL as logged: the path, and the names of its query parameters with every value replaced
 * (`/api/dev/outbox?to=[redacted]`): a query may carry an e-mail, a phone, a code or a token.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return /^[A-Za-z0-9_.[\]-]{1,40}$/.test(name) ? `${name}=[redacted]` : '[redacted]';
    });
  return `${url.slice(0, at)}?${names.join('&')}`;
}

const CORRELATION_ID = /^[\w.:-]{1,100}$/;

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; headers?: Record<string, string | string[] | undefined> }) => {
        // A caller's tracing id ties its retries together in the log; only a plain token is kept.
        const correlation = req.headers?.['x-correlation-id'];
        const correlationId = typeof correlation === 'string' && CORRELATION_ID.test(correlation) ? correlation : undefined;
        return { method: req.method, url: redactUrl(req.url), ...(correlationId ? { correlationId } : {}) };
      },
    },
  };
}

/** The language of a raw request (Accept-Language), for answers given before any hook ran. */
function rawLang(headers: Record<string, string | string[] | undefined>): Lang {
  return pickLanguage(headers['accept-language']);
}

/**
 * Node refused the request before Fastify saw it (headers larger than the server's limit, a
 * request Node cannot parse, a timeout): answered in the shop's shape, in English (no header was
 * read), and the input is never echoed.
 */
function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; body: string } {
  const failure =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new HttpError('headers_too_large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new HttpError('request_timeout')
        : new HttpError('bad_request');
  return { status: failure.statusCode, body: JSON.stringify(errorBody(failure, 'en')) };
}

/** The value a request sent at a validation path (to tell a missing field from a wrong one). */
function sentValue(source: unknown, path: readonly string[]): unknown {
  let value = source;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The 422 of a request that failed the contract's zod schemas: each issue becomes a catalogue
 * code (`fieldIssueFromZod`, the SDK's one mapping), `fields` carries the codes and `data` their
 * texts in the request's language (same keys, same order). At most `FIELD_ERRORS_MAX` issues are
 * listed, the first ones, and `truncated: true` says there were more: the answer's size stays
 * bounded whatever the request holds (issue 17: 171 KB in gave a 1.2 MB 422).
 */
function zodValidationAnswer(
  issues: readonly ZodFastifySchemaValidationError[],
  context: string | undefined,
  request: FastifyRequest,
  lang: Lang,
) {
  const source =
    context === 'querystring' ? request.query : context === 'params' ? request.params : context === 'headers' ? request.headers : request.body;
  const data: Record<string, string[]> = {};
  const fields: Record<string, ZodFieldIssue[]> = {};
  for (const found of issues.slice(0, FIELD_ERRORS_MAX)) {
    const path = found.instancePath.split('/').filter(Boolean);
    const key = path.join('.') || (context ?? 'body');
    const field = fieldIssueFromZod({
      ...(found.params as Record<string, unknown>),
      code: found.keyword,
      message: found.message,
      input: sentValue(source, path),
    });
    (data[key] ??= []).push(errorText(field.code, lang, field.params));
    (fields[key] ??= []).push(field);
  }
  return {
    message: errorText('validation_failed', lang),
    code: 'validation_failed',
    data,
    fields,
    ...(issues.length > FIELD_ERRORS_MAX ? { truncated: true } : {}),
  };
}

/**
 * The catalogue code of a 4xx error Fastify raised itself (unreadable JSON, body too large,
 * unsupported media type, ...), and the status answered with it: the catalogue's status of the
 * code, so one code always comes with one status.
 */
export function fastifyErrorCode(statusCode: number): ApiCode {
  switch (statusCode) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    default:
      return 'bad_request';
  }
}

/** Seconds a 429 asks to wait: the error's own figure, else a minute (every 429 carries one). */
export function retryAfterOf(error: HttpError): number {
  const retry = Number(error.extra?.retryAfter ?? error.params?.seconds);
  return Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : 60;
}

export function errorBody(error: HttpError, lang: Lang) {
  return {
    ...(error.extra ?? {}),
    message: message(error.code, lang, error.params),
    code: error.code,
    ...(error.fields ? fieldAnswer(error.fields, lang) : {}),
  };
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: AppConfig = { ...loadConfig(options.env ?? process.env), ...options.config };
  const production = config.nodeEnv === 'production';
  if (production && !config.jwtSecret) {
    throw new ConfigError([
      'JWT_SECRET: JWT_SECRET is required in production (at least 32 random characters)',
    ]);
  }
  // Production shape (issue 17), also for a configuration handed in whole (loadConfig checks the
  // environment): a secret that can be guessed, or links built from a client's Host header, never.
  const weakSecret = production && config.jwtSecret ? secretWeakness(config.jwtSecret) : null;
  if (weakSecret) throw new ConfigError([`JWT_SECRET: JWT_SECRET is too weak: ${weakSecret}`]);
  if (production && !config.publicUrl) {
    throw new ConfigError([
      "PUBLIC_URL: PUBLIC_URL is required in production (the shop's public address, e.g. https://shop.example.com): it is the only base of absolute links",
    ]);
  }
  // Before anything is opened: production refuses the bundled sandbox gateways unless told so.
  const sandbox = !options.gateways;
  if (sandbox) assertSandboxAllowed(config);
  // Members are told to call it (refusals, notices, the footer): a real shop has its own number.
  if (production && !config.paymentSandbox && config.supportPhone === PLACEHOLDER_SUPPORT_PHONE) {
    throw new ConfigError([
      `SUPPORT_PHONE: SUPPORT_PHONE is required in production (the shop's support number members are told to call; ${PLACEHOLDER_SUPPORT_PHONE} is the demo's placeholder)`,
    ]);
  }
  const secret = resolveSecret(config.jwtSecret, config.dataDir);

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // `request.ip` (rate limits, daily limits, code limits) is the socket's peer address unless
    // that peer is one of the configured proxies (TRUST_PROXY): a client-written X-Forwarded-For
    // is never believed otherwise.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Per contract route (lib/body-limits.ts); routes outside the contract take no body.
    bodyLimit: DEFAULT_BODY_LIMIT,
    ajv: undefined,
    // Errors the router raises before any route (a path parameter longer than 100 characters:
    // 414; a malformed URL: 400): the shop's shape, without echoing the path.
    frameworkErrors: (error, request, reply) => {
      const failure = new HttpError(error.statusCode === 414 ? 'uri_too_long' : 'bad_request');
      request.log.info({ err: { code: error.code } }, 'client error');
      void (reply as FastifyReply).code(failure.statusCode).send(errorBody(failure, rawLang(request.headers)));
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const { status, body } = clientErrorAnswer(error);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
            `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  if (production && sandbox) app.log.warn(SANDBOX_IN_PRODUCTION_WARNING);
  // Every /api answer (errors too) names the contract version it speaks (issue 20).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header(CONTRACT_VERSION_HEADER, CONTRACT_VERSION);
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang: Lang = request.lang ?? 'en';
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send(zodValidationAnswer(error.validation, error.validationContext, request, lang));
    }
    if (error instanceof HttpError) {
      if (error.statusCode === 429) reply.header('retry-after', String(retryAfterOf(error)));
      return reply.code(error.statusCode).send(errorBody(error, lang));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const failure = new HttpError(fastifyErrorCode(status));
      // The code only: a parser's message may quote what was sent.
      request.log.info({ err: { code: error.code, statusCode: status } }, 'client error');
      if (failure.statusCode === 429) reply.header('retry-after', String(retryAfterOf(failure)));
      return reply.code(failure.statusCode).send(errorBody(failure, lang));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(new HttpError('server_error'), lang));
  });

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  if (ownsDatabase && options.migrate !== false) await database.migrate();
  if (production) {
    // The production database never holds a one-time code in clear: rows an older version
    // wrote with their code lose it (idempotent: a later start finds none, through a partial
    // index on the rows that hold one).
    const scrubbed = await scrubOutboxCodes(database.db);
    if (scrubbed > 0) app.log.info({ scrubbed }, 'one-time codes removed from stored outbox messages');
  }

  // External plugins.
  await app.register(databasePlugin, { database, closeOnShutdown: ownsDatabase });
  await app.register(helmetPlugin, {
    production,
    sessionRecording: sessionRecordingConfigured(production, config.sessionRecordingSiteId),
  });
  await app.register(compressPlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(rateLimitPlugin, {
    redisUrl: config.redisUrl,
    max: options.rateLimit?.max ?? config.rateLimitPerMinute,
  });
  // Swagger UI and the OpenAPI document only when asked for (API_DOCS=on): a deployed shop does
  // not publish a map of its API.
  if (config.apiDocs) await app.register(swaggerPlugin);

  // App plugins.
  const notifier =
    options.notifier ??
    createNotifier({
      db: database.db,
      log: app.log,
      logCodes: config.nodeEnv === 'development',
      keepCodes: !production,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      ...(options.mailTransport ? { transport: options.mailTransport } : {}),
    });
  await app.register(servicesPlugin, {
    config,
    clock: options.clock ?? systemClock,
    notifier,
    secret,
    ...(options.issuer ? { issuer: options.issuer } : {}),
    ...(options.gateways ? { gateways: options.gateways } : {}),
  });
  await app.register(authPlugin);
  // After auth: its onSend hook runs first, and a public answer's caching has the last word.
  await app.register(publicAnswersPlugin);
  await app.register(probesPlugin, { redisUrl: config.redisUrl });
  // Every process sweeps unpaid orders whose hold ended back to their carts (safe side by side:
  // services/orders/holds.ts). Stopped before closing, so no sweep outlives the database.
  if (config.holdSweepMs > 0) {
    const sweeps = app.services.orders.startHoldTimer(config.holdSweepMs, app.log);
    app.addHook('preClose', async () => sweeps.stop());
  }
  // Every process sweeps the allowance reminders due (once per member and period: services/reminders.ts).
  if (config.reminderSweepMs > 0) {
    const reminders = app.services.reminders.startTimer(config.reminderSweepMs, app.log);
    app.addHook('preClose', async () => reminders.stop());
  }

  // Routes.
  acceptOneClickForms(app, new Set(['unsubscribe']));
  registerContractRoutes(app, options.handlers ?? allHandlers, {
    production,
    authRateLimitMax: options.rateLimit?.authMax ?? config.authRateLimitPerMinute,
  });
  await app.register(imageRoutes);
  await app.register(siteRoutes);
  await app.register(staticPlugin, {
    root: config.storefrontDir,
    production,
    render: config.storefrontRender,
    pageCacheMs: config.pageCacheMs,
    pageMissesPerClientMinute: config.pageMissesPerClientMinute,
    origin: config.publicUrl,
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (await serveStorefrontFallback(app, request, reply)) return reply;
    const missing = new HttpError('not_found');
    return reply.code(missing.statusCode).send({
      message: `${message(missing.code, request.lang ?? 'en')}: ${request.url.split('?')[0]}`,
      code: missing.code,
    });
  });

  return app;
}
