/**
 * The API's configuration, read from the environment ONCE, here. Nothing else reads process.env:
 * code receives an `AppConfig` (tests build one with `loadConfig({...})` or override fields
 * through `buildApp(options)`).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isSessionRecordingSiteId } from '@otc/sdk/rules';
import { secretWeakness } from './lib/secret.js';
import {
  DEFAULT_HOLD_COOLDOWN_MINUTES,
  DEFAULT_HOLD_VALUE_OTHER_CARDS,
  DEFAULT_MAX_UNITS_PER_ITEM,
  CARD_TYPES,
  DEFAULT_CARD_RANGES,
  DEFAULT_CODE_RESEND_SECONDS,
  DEFAULT_DELIVERY_ESTIMATE,
  DEFAULT_MINIMUM_ORDER,
  DEFAULT_PAYMENT_METHODS,
  DEFAULT_REQUIRED_PROFILE_FIELDS,
  PAYMENT_METHOD_CODES,
  PROFILE_FIELDS,
  US_STATES,
  toCents,
  type Settings,
} from '@otc/sdk';

/**
 * The demo's support phone, a placeholder: a shop in production (not a demo deploy with the
 * sandbox gateways) refuses to start with it, since members are told to call it (issue 33).
 */
export const PLACEHOLDER_SUPPORT_PHONE = '+1 (000) 000-0000';

/** apps/api, whether running from src/ (tsx, vitest) or dist/ (built). */
export const API_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

const list = (fallback: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((value) =>
      value === undefined || value.trim() === ''
        ? [...fallback]
        : value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
    );

const flag = z
  .string()
  .optional()
  .transform((value) => ['1', 'true', 'yes', 'on'].includes((value ?? '').toLowerCase()));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: 127.0.0.1 (this machine only; the demo's outbox shows codes), 0.0.0.0 in production. */
    HOST: z.string().optional(),
    /**
     * Proxies whose X-Forwarded-For is believed (comma list of addresses or CIDR ranges, e.g.
     * `10.0.0.0/8,127.0.0.1`); unset: none, every client is its socket's address.
     */
    TRUST_PROXY: list([]).pipe(
      z.array(
        z.string().refine(isAddressOrRange, 'TRUST_PROXY must list IP addresses or CIDR ranges (10.0.0.0/8)'),
      ),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().default(path.join(API_ROOT, '.data')),
    REDIS_URL: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Benefit Shop <no-reply@example.com>'),
    /** Days before an allowance period's end its reminder is sent (issue 31; 0: on the last day). */
    // At most a whole quarter (92 days: July to September), so a window can cover any period.
    ALLOWANCE_REMINDER_DAYS: z.coerce.number().int().nonnegative().max(92).default(14),
    /**
     * Days the "This was not me" link of an account-change notice can be used (issue 32): 7, so an
     * owner who reads mail once a week still can; past that a link lying in a mailbox no longer
     * locks the account, and support or recovery takes over.
     */
    ACCOUNT_UNDO_DAYS: z.coerce.number().int().positive().max(30).default(7),
    /** Seconds between two sweeps of due allowance reminders in each process (0: no timer). */
    REMINDER_SWEEP_SECONDS: z.coerce.number().nonnegative().max(86_400).default(600),
    CORS_ORIGINS: list([]),
    // --- production shape (issue 17): what a deployed shop exposes ---
    /** Signs sessions; refused when short or low in entropy (`secretWeakness`), in every mode. */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
    /**
     * The shop's public address (`https://shop.example.com`): the ONLY base of absolute links
     * (sitemap); never the request's Host header. Required in production (app.ts);
     * `http://localhost:<PORT>` elsewhere when unset.
     */
    PUBLIC_URL: z
      .string()
      .url()
      .refine((value) => /^https?:\/\//i.test(value), 'PUBLIC_URL must be an http(s) address')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Swagger UI (/api/docs) and the OpenAPI document (/api/openapi.json): only with API_DOCS=on. */
    API_DOCS: flag,
    // --- end of the production shape ---
    PAYMENT_METHODS: list(DEFAULT_PAYMENT_METHODS).pipe(z.array(z.enum(PAYMENT_METHOD_CODES))),
    /**
     * The card issuers' ranges, `type:first digits` pairs (`network:6035,national:6036,s3:6037`,
     * a type may have several): a number tells its card type from them (settings.cardRanges).
     */
    CARD_RANGES: z
      .string()
      .optional()
      .transform((value, ctx): Settings['cardRanges'] => {
        const ranges = { network: [] as string[], national: [] as string[], s3: [] as string[] };
        if (value === undefined || value.trim() === '') {
          for (const type of CARD_TYPES) ranges[type].push(...DEFAULT_CARD_RANGES[type]);
          return ranges;
        }
        for (const pair of value.split(',').map((item) => item.trim()).filter(Boolean)) {
          const [type, prefix = ''] = pair.split(':').map((part) => part.trim());
          if (!(CARD_TYPES as readonly string[]).includes(type ?? '') || !/^\d{1,8}$/.test(prefix)) {
            ctx.addIssue({ code: 'custom', message: `CARD_RANGES: "${pair}" is not type:digits (network, national or s3)` });
            return z.NEVER;
          }
          ranges[type as keyof typeof ranges].push(prefix);
        }
        return ranges;
      }),
    /**
     * The bundled payment gateways are sandboxes (their test cards pay): production runs them only
     * with PAYMENT_SANDBOX=on (a demo deploy), and then warns at every start (app.ts).
     */
    PAYMENT_SANDBOX: flag,
    MINIMUM_ORDER: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'MINIMUM_ORDER must be an amount such as 25.00')
      .default(DEFAULT_MINIMUM_ORDER),
    DELIVERY_STATES: list(US_STATES).pipe(z.array(z.string().length(2))),
    SUPPORT_PHONE: z.string().default(PLACEHOLDER_SUPPORT_PHONE),
    SUPPORT_EMAIL: z.string().default('support@example.com'),
    COMPANY_NAME: z.string().default('Benefit Health Shop LLC'),
    CODE_RESEND_SECONDS: z.coerce.number().int().nonnegative().default(DEFAULT_CODE_RESEND_SECONDS),
    /**
     * Minutes a placed, unpaid order holds its stock before it goes back to the cart. A fraction
     * is allowed (the heavy suite holds for seconds); the settings answer shows whole minutes.
     */
    UNPAID_ORDER_MINUTES: z.coerce.number().positive().max(7 * 24 * 60).default(30),
    /** Minutes after paying during which an order not yet packaging may be cancelled (0: never). */
    ORDER_CANCEL_MINUTES: z.coerce.number().int().nonnegative().max(7 * 24 * 60).default(30),
    /**
     * Business days (Monday to Friday) an order takes to arrive, the least and the most: said at
     * checkout's delivery step, on the success page and on an order on its way (settings'
     * `deliveryEstimate`).
     */
    DELIVERY_DAYS_MIN: z.coerce.number().int().positive().max(60).default(DEFAULT_DELIVERY_ESTIMATE.minBusinessDays),
    DELIVERY_DAYS_MAX: z.coerce.number().int().positive().max(60).default(DEFAULT_DELIVERY_ESTIMATE.maxBusinessDays),
    /** Seconds between two sweeps of ended holds in each process (0: no timer, only lazy sweeps). */
    HOLD_SWEEP_SECONDS: z.coerce.number().nonnegative().max(3600).default(30),
    /**
     * Units of one item one order may hold (issue 32). 20: the minimum order ($25) of the
     * cheapest item ($1.69) takes 15, and one shopper cannot take a scarce item's whole stock.
     */
    MAX_UNITS_PER_ITEM: z.coerce.number().int().positive().max(100_000).default(DEFAULT_MAX_UNITS_PER_ITEM),
    /**
     * What an unpaid order may be worth beyond the money the customer has on file (benefit cards'
     * allowance left, store balance): a card typed at checkout. 250.00: a quarter's OTC allowance.
     */
    HOLD_VALUE_OTHER_CARDS: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'HOLD_VALUE_OTHER_CARDS must be an amount such as 250.00')
      .default(DEFAULT_HOLD_VALUE_OTHER_CARDS),
    /** Minutes after a hold ended unpaid before its customer may hold the same items again. */
    HOLD_COOLDOWN_MINUTES: z.coerce.number().nonnegative().max(24 * 60).default(DEFAULT_HOLD_COOLDOWN_MINUTES),
    REQUIRED_PROFILE_FIELDS: list(DEFAULT_REQUIRED_PROFILE_FIELDS).pipe(
      z.array(z.enum(PROFILE_FIELDS)),
    ),
    STOREFRONT_DIR: z.string().default(path.join(API_ROOT, '..', 'storefront', 'dist')),
    /**
     * The storefront's server render (its `--ssr` build): pages arrive drawn. Empty: the built
     * index.html is served and the browser draws every page.
     */
    STOREFRONT_RENDER: z.string().default(path.join(API_ROOT, '..', 'storefront', 'dist-server', 'entry-server.js')),
    /** Seconds a public page's rendered HTML is kept per address and language (0: not kept). */
    PAGE_CACHE_SECONDS: z.coerce.number().int().nonnegative().max(3600).default(60),
    /**
     * Pages for no one (cache misses) one client address may have drawn a minute (issue 32). A
     * person opens a few pages a minute and most are kept already; a care home or a library behind
     * one address is tens of people, so the default is far above them and far below a flood of
     * made-up addresses (8 threads of `/catalog?q=<random>` asked ~250 renders a second). Beyond
     * it the page is index.html, drawn by the browser, until the minute is over.
     */
    PAGE_MISSES_PER_CLIENT_MINUTE: z.coerce.number().int().positive().default(120),
    BOT_CHECK: flag,
    /** Bot check: a siteverify endpoint (reCAPTCHA v3 / Turnstile style) answering a score. */
    BOT_CHECK_URL: z.string().url().optional(),
    BOT_CHECK_SECRET: z.string().optional(),
    BOT_CHECK_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    /** Adding e-mails and phones on the web ("false": customers are sent to the contact center). */
    ADDING_CONTACTS_ENABLED: z
      .string()
      .optional()
      .transform((value) => !['0', 'false', 'no', 'off'].includes((value ?? '').toLowerCase())),
    /** Contact messages, product requests and balance checks per client address per day, each. */
    SUPPORT_DAILY_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(20),
    /**
     * API requests per minute per client address (static files, pages and product pictures are
     * not counted). A page view in the browser asks 0 to 3 (measured: a catalog page drawn by the
     * server asks none, a move to an item 1), so 600 is some 200 views a minute for everyone
     * behind one address (a care home, a library; issue 33, item 25).
     */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /**
     * Product pictures per minute per client address, counted apart from the API's requests: a
     * catalog page shows up to 24, so 30 people behind one address opening one at once ask 720.
     * Each is kept drawn (a public answer with its ETag), so they are cheap.
     */
    PICTURE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
    /** Sign-in calls per minute per client address. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /**
     * One-time codes sent to one login (all purposes) in an hour without waiting; past them each
     * further code waits twice as long as the last (1, 2, 4 … minutes) up to the maximum: a
     * flood of requests for a member's login can slow it, never lock it for long.
     */
    CODE_LOGIN_FREE_PER_HOUR: z.coerce.number().int().positive().default(3),
    CODE_LOGIN_MAX_WAIT_MINUTES: z.coerce.number().int().positive().max(60).default(15),
    /** The same per client address, where every code request counts (unknown logins too). */
    CODE_CLIENT_FREE_PER_HOUR: z.coerce.number().int().positive().default(20),
    CODE_CLIENT_MAX_WAIT_MINUTES: z.coerce.number().int().positive().max(24 * 60).default(60),
    /**
     * The public site id of session recording (Microsoft Clarity), the same value the storefront
     * is built with (VITE_SESSION_RECORDING_SITE_ID). In production it opens the CSP to the
     * recorder's host; unset (or outside production) the CSP stays same-origin.
     */
    SESSION_RECORDING_SITE_ID: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine(
        (value) => value === undefined || isSessionRecordingSiteId(value),
        'SESSION_RECORDING_SITE_ID must be a Clarity project id (6 to 32 letters and digits)',
      ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message:
          'JWT_SECRET is required in production (at least 32 random characters, e.g. `openssl rand -hex 32`)',
      });
    }
    const weakness = env.JWT_SECRET && env.JWT_SECRET.length >= 32 ? secretWeakness(env.JWT_SECRET) : null;
    if (weakness) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: `JWT_SECRET is too weak: ${weakness}. Use a random one, e.g. \`openssl rand -hex 32\``,
      });
    }
    if (env.DELIVERY_DAYS_MIN > env.DELIVERY_DAYS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['DELIVERY_DAYS_MIN'],
        message: 'DELIVERY_DAYS_MIN must not exceed DELIVERY_DAYS_MAX',
      });
    }
    if (env.BOT_CHECK && (!env.BOT_CHECK_URL || !env.BOT_CHECK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOT_CHECK_SECRET'],
        message: 'BOT_CHECK is on: BOT_CHECK_URL and BOT_CHECK_SECRET are required',
      });
    }
  });

/** An IPv4 or IPv6 address, or a CIDR range of one (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

export type NodeEnv = 'development' | 'production' | 'test';

export interface AppConfig {
  nodeEnv: NodeEnv;
  port: number;
  /** The interface `start` listens on. */
  host: string;
  /** Proxies whose X-Forwarded-For gives the client's address (none by default). */
  trustProxy: string[];
  logLevel: string;
  /** postgres://… uses a PostgreSQL server; otherwise PGlite on `dataDir`. */
  databaseUrl: string | undefined;
  /** PGlite data and the development secret live here; `:memory:` keeps PGlite in memory. */
  dataDir: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Days before an allowance period's end its reminder is sent. */
  allowanceReminderDays: number;
  /** Days an account-change notice's "This was not me" link can be used. */
  accountUndoDays: number;
  /** Interval of each process's sweep of due allowance reminders (ms; 0: no timer). */
  reminderSweepMs: number;
  /** Undefined outside production: a secret is generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  corsOrigins: string[];
  /**
   * The only base of absolute links (sitemap), without a trailing slash. Undefined only in
   * production without PUBLIC_URL, which buildApp refuses.
   */
  publicUrl: string | undefined;
  /** Swagger UI and the OpenAPI document are served (API_DOCS=on). */
  apiDocs: boolean;
  paymentMethods: (typeof PAYMENT_METHOD_CODES)[number][];
  /** The card issuers' ranges (CARD_RANGES): which card type a number is. */
  cardRanges: Settings['cardRanges'];
  /** PAYMENT_SANDBOX=on: production may run the sandbox gateways (a demo deploy). */
  paymentSandbox: boolean;
  minimumOrderCents: number;
  deliveryStates: string[];
  supportPhone: string;
  supportEmail: string;
  companyName: string;
  codeResendSeconds: number;
  /** A placed, unpaid order holds its stock this long (ms), then goes back to the cart. */
  unpaidOrderMs: number;
  /** A paid order not yet packaging may be cancelled this long (ms) after paying. */
  orderCancelMs: number;
  /** Business days an order takes to arrive, the least and the most (DELIVERY_DAYS_MIN, _MAX). */
  deliveryEstimate: Settings['deliveryEstimate'];
  /** Interval of each process's sweep of ended holds (ms; 0: no timer). */
  holdSweepMs: number;
  /** Units of one item one order may hold. */
  maxUnitsPerItem: number;
  /** What an unpaid order may be worth beyond the customer's money on file (cents). */
  holdValueOtherCardsCents: number;
  /** After a hold ended unpaid, its customer may hold the same items again this much later (ms). */
  holdCooldownMs: number;
  requiredProfileFields: (typeof PROFILE_FIELDS)[number][];
  storefrontDir: string;
  /** The storefront's render module, or undefined (the browser draws the pages). */
  storefrontRender: string | undefined;
  pageCacheMs: number;
  pageMissesPerClientMinute: number;
  botCheck: boolean;
  botCheckUrl: string | undefined;
  botCheckSecret: string | undefined;
  /** Scores below this answer 403 `low_rate`. */
  botCheckMinScore: number;
  addingContactsEnabled: boolean;
  supportDailyLimitPerClient: number;
  rateLimitPerMinute: number;
  pictureRateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /**
   * Sending one-time codes (services/code-throttle.ts): free codes per hour, then doubling waits
   * up to the maximum (minutes), per login and per client address.
   */
  codeLoginFreePerHour: number;
  codeLoginMaxWaitMinutes: number;
  codeClientFreePerHour: number;
  codeClientMaxWaitMinutes: number;
  /** Session recording's public site id (production only opens the CSP for it). */
  sessionRecordingSiteId: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses a source of variables (process.env by default) into the configuration. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST || (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    allowanceReminderDays: env.ALLOWANCE_REMINDER_DAYS,
    reminderSweepMs: Math.round(env.REMINDER_SWEEP_SECONDS * 1000),
    accountUndoDays: env.ACCOUNT_UNDO_DAYS,
    jwtSecret: env.JWT_SECRET,
    corsOrigins: env.CORS_ORIGINS,
    publicUrl:
      env.PUBLIC_URL?.replace(/\/+$/, '') ??
      (env.NODE_ENV === 'production' ? undefined : `http://localhost:${env.PORT}`),
    apiDocs: env.API_DOCS,
    paymentMethods: env.PAYMENT_METHODS,
    cardRanges: env.CARD_RANGES,
    paymentSandbox: env.PAYMENT_SANDBOX,
    minimumOrderCents: toCents(env.MINIMUM_ORDER),
    deliveryStates: env.DELIVERY_STATES.map((state) => state.toUpperCase()),
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    companyName: env.COMPANY_NAME,
    codeResendSeconds: env.CODE_RESEND_SECONDS,
    unpaidOrderMs: Math.round(env.UNPAID_ORDER_MINUTES * 60_000),
    orderCancelMs: env.ORDER_CANCEL_MINUTES * 60_000,
    deliveryEstimate: { minBusinessDays: env.DELIVERY_DAYS_MIN, maxBusinessDays: env.DELIVERY_DAYS_MAX },
    holdSweepMs: Math.round(env.HOLD_SWEEP_SECONDS * 1000),
    maxUnitsPerItem: env.MAX_UNITS_PER_ITEM,
    holdValueOtherCardsCents: toCents(env.HOLD_VALUE_OTHER_CARDS),
    holdCooldownMs: Math.round(env.HOLD_COOLDOWN_MINUTES * 60_000),
    requiredProfileFields: env.REQUIRED_PROFILE_FIELDS,
    storefrontDir: path.resolve(API_ROOT, env.STOREFRONT_DIR),
    storefrontRender: env.STOREFRONT_RENDER ? path.resolve(API_ROOT, env.STOREFRONT_RENDER) : undefined,
    pageCacheMs: env.PAGE_CACHE_SECONDS * 1000,
    pageMissesPerClientMinute: env.PAGE_MISSES_PER_CLIENT_MINUTE,
    botCheck: env.BOT_CHECK,
    botCheckUrl: env.BOT_CHECK_URL,
    botCheckSecret: env.BOT_CHECK_SECRET,
    botCheckMinScore: env.BOT_CHECK_MIN_SCORE,
    addingContactsEnabled: env.ADDING_CONTACTS_ENABLED,
    supportDailyLimitPerClient: env.SUPPORT_DAILY_LIMIT_PER_CLIENT,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    pictureRateLimitPerMinute: env.PICTURE_RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    codeLoginFreePerHour: env.CODE_LOGIN_FREE_PER_HOUR,
    codeLoginMaxWaitMinutes: env.CODE_LOGIN_MAX_WAIT_MINUTES,
    codeClientFreePerHour: env.CODE_CLIENT_FREE_PER_HOUR,
    codeClientMaxWaitMinutes: env.CODE_CLIENT_MAX_WAIT_MINUTES,
    sessionRecordingSiteId: env.SESSION_RECORDING_SITE_ID,
  };
}

/** Tests only: a PostgreSQL server to run the suites against as well (TEST_DATABASE_URL). */
export function testDatabaseUrl(source: Record<string, string | undefined> = process.env) {
  return source.TEST_DATABASE_URL || undefined;
}
