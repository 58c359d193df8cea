/**
 * The services of the shop, built once per app from the database, configuration, clock and
 * notifier. Route handlers reach them as `ctx.services` (or `app.services`). Database work outside
 * a service: `services.db` (Drizzle); a transaction: `services.db.transaction(async (tx) => ...)`,
 * and service functions that accept `exec: DbOrTx` can join it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { keyedHash } from '../lib/crypto.js';
import { createAuthService } from './auth.js';
import { createCodesService } from './codes.js';
import { createCustomersService } from './customers.js';
import type { Notifier } from './notifier.js';
import { createOrdersService } from './orders.js';
import { sandboxGateways } from './payment-gateways/sandbox.js';
import { createPaymentsService } from './payments.js';
import { buildSettings } from './settings.js';
import { createTokensService } from './tokens.js';

export interface ServiceDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  notifier: Notifier;
  /** The server secret (JWT signing; derived keys for code hashes and card fingerprints). */
  secret: string;
  log: FastifyBaseLogger;
}

export function createServices(deps: ServiceDeps) {
  const { db, config, clock, notifier, secret } = deps;
  const codes = createCodesService({
    db,
    clock,
    notifier,
    secret,
    resendSeconds: config.codeResendSeconds,
    dailyLimit: config.codeDailyLimit,
    dailyLimitPerClient: config.codeDailyLimitPerClient,
  });
  const tokens = createTokensService({ db, clock, secret });
  const customers = createCustomersService({ db, clock });
  const auth = createAuthService({ db, clock, codes, tokens, customers });
  const cardFingerprint = (digits: string) => keyedHash(secret, 'card-fingerprint', digits);
  const orders = createOrdersService({ db, clock, config, customers });
  const payments = createPaymentsService({ db, clock, config, gateways: sandboxGateways(cardFingerprint) });
  return {
    db,
    config,
    clock,
    notifier,
    log: deps.log,
    codes,
    tokens,
    customers,
    auth,
    orders,
    payments,
    settings: buildSettings(config),
    /** Keyed fingerprint of a card number (digits only): finds duplicates without storing it. */
    cardFingerprint,
  };
}

export type Services = ReturnType<typeof createServices>;
