/**
 * `buildApp(options)`: the Fastify app used by the server and by tests. Options override the
 * configuration read from the environment (e.g. `{ config: { dataDir: ':memory:' } }`), and tests
 * may hand in an opened database, a clock and a mail transport.
 *
 * Order (after fastify/demo): external plugins (database, helmet, compression, CORS, rate limit,
 * swagger), app plugins (services, authentication), then the routes of the contract, the site
 * routes (sitemap, product pictures) and the built storefront.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Transporter } from 'nodemailer';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { openDatabase, type Database } from './db/client.js';
import { ConfigError, loadConfig, type AppConfig } from './env.js';
import { registerContractRoutes, type Handlers } from './lib/contract-routes.js';
import { systemClock, type Clock } from './lib/clock.js';
import {
  HttpError,
  MESSAGES,
  message,
  translateField,
  type ErrorCode,
  type Lang,
} from './lib/errors.js';
import { resolveSecret } from './lib/secret.js';
import authPlugin from './plugins/app/auth.js';
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
import { createNotifier, type Notifier } from './services/notifier.js';
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
];

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(config.nodeEnv === 'development'
      ? {}
      : { serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }) } }),
  };
}

/** The field message of one zod issue: the validator's own text, or one of the spec's. */
function fieldMessage(issue: ZodFastifySchemaValidationError): string {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  if (issue.keyword === 'custom' && issue.message) return issue.message;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')) {
    return 'Required';
  }
  if (issue.keyword === 'too_small' && params.origin === 'string' && params.minimum === 1) {
    return 'This value should not be blank.';
  }
  return 'This field has wrong format';
}

function statusCode(error: FastifyError): ErrorCode {
  switch (error.statusCode) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'too_many_requests';
    default:
      return 'bad_request';
  }
}

export function errorBody(error: HttpError, lang: Lang) {
  return {
    message: message(error.code, lang, error.params),
    code: error.code,
    ...(error.data
      ? {
          data: Object.fromEntries(
            Object.entries(error.data).map(([field, list]) => [
              field,
              list.map((text) => translateField(text, lang)),
            ]),
          ),
        }
      : {}),
    ...(error.extra ?? {}),
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
  const secret = resolveSecret(config.jwtSecret, config.dataDir);

  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: true,
    bodyLimit: 256 * 1024,
    ajv: undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang: Lang = request.lang ?? 'en';
    if (hasZodFastifySchemaValidationErrors(error)) {
      const data: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.split('/').filter(Boolean).join('.') ||
          (error.validationContext ?? 'body');
        (data[key] ??= []).push(translateField(fieldMessage(issue), lang));
      }
      return reply.code(422).send({ message: message('validation_failed', lang), code: 'validation_failed', data });
    }
    if (error instanceof HttpError) {
      const retry = error.extra?.retryAfter ?? error.params?.seconds;
      if (error.statusCode === 429 && retry !== undefined) reply.header('retry-after', String(retry));
      return reply.code(error.statusCode).send(errorBody(error, lang));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = statusCode(error);
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return reply.code(status).send({ message: MESSAGES[code][lang], code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: MESSAGES.server_error[lang], code: 'server_error' });
  });

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  if (ownsDatabase && options.migrate !== false) await database.migrate();

  // External plugins.
  await app.register(databasePlugin, { database, closeOnShutdown: ownsDatabase });
  await app.register(helmetPlugin);
  await app.register(compressPlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(rateLimitPlugin, {
    redisUrl: config.redisUrl,
    max: options.rateLimit?.max ?? config.rateLimitPerMinute,
  });
  await app.register(swaggerPlugin);

  // App plugins.
  const notifier =
    options.notifier ??
    createNotifier({
      db: database.db,
      log: app.log,
      logCodes: config.nodeEnv === 'development',
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      ...(options.mailTransport ? { transport: options.mailTransport } : {}),
    });
  await app.register(servicesPlugin, {
    config,
    clock: options.clock ?? systemClock,
    notifier,
    secret,
  });
  await app.register(authPlugin);

  // Routes.
  registerContractRoutes(app, options.handlers ?? allHandlers, {
    production,
    authRateLimitMax: options.rateLimit?.authMax ?? config.authRateLimitPerMinute,
  });
  await app.register(imageRoutes);
  await app.register(siteRoutes);
  await app.register(staticPlugin, { root: config.storefrontDir });

  app.setNotFoundHandler(async (request, reply) => {
    if (await serveStorefrontFallback(app, request, reply)) return reply;
    return reply.code(404).send({
      message: `${MESSAGES.not_found[request.lang ?? 'en']}: ${request.url.split('?')[0]}`,
      code: 'not_found',
    });
  });

  return app;
}
