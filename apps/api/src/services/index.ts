/**
 * The services of the shop, built once per app from the database, configuration, clock and
 * notifier. Route handlers reach them as `ctx.services` (or `app.services`) and call services
 * only: every database query lives in a service. Service functions that accept `exec: DbOrTx`
 * can join a caller's transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { keyedHash } from '../lib/crypto.js';
import { csrfToken, csrfTokenMatches, signCart, verifyCart, type CsrfSubject } from '../lib/web-session.js';
import { createAccountNotices } from './account-notices.js';
import { createAccountUndo } from './account-undo.js';
import { createAddressesService } from './addresses.js';
import { createAuthService } from './auth.js';
import { createSiteVerifyBotCheck, type BotCheck } from './bot-check.js';
import { createSandboxIssuer, type CardIssuer } from './card-issuer.js';
import { createCardProofs } from './card-proofs.js';
import { createCardsService } from './cards.js';
import { createCatalogService } from './catalog.js';
import { createCodesService } from './codes.js';
import { createContactsService } from './contacts.js';
import { createCustomersService } from './customers.js';
import { createFavoritesService } from './favorites.js';
import { createGuestCarts } from './guest-carts.js';
import type { Notifier } from './notifier.js';
import { createFulfilment, createInventory, createOrdersService, createPromotions } from './orders/index.js';
import { sandboxGateways } from './payment-gateways/sandbox.js';
import type { PaymentGateway } from './payment-gateways/types.js';
import { createPaymentsService } from './payments.js';
import { createProofService } from './proof.js';
import { createRemindersService } from './reminders.js';
import { createSearchService } from './search.js';
import { createOutboxService } from './outbox.js';
import { createSettingsService } from './settings.js';
import { createSignInGuard } from './sign-in-guard.js';
import { createSuggestedBasketService } from './suggested-basket.js';
import { createSupportService } from './support.js';
import { createTokensService } from './tokens.js';

export interface ServiceDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  notifier: Notifier;
  /** The server secret (JWT signing; derived keys for code hashes and card fingerprints). */
  secret: string;
  log: FastifyBaseLogger;
  /** Card issuer (the sandbox issuer by default). */
  issuer?: CardIssuer;
  /** Payment gateways (the sandbox gateways by default). */
  gateways?: PaymentGateway[];
}

/** The configured bot check, or null when off (BOT_CHECK unset). */
export function createBotCheck(config: AppConfig): BotCheck | null {
  if (!config.botCheck) return null;
  if (!config.botCheckUrl || !config.botCheckSecret) {
    throw new Error('BOT_CHECK is on: set BOT_CHECK_URL and BOT_CHECK_SECRET (a siteverify endpoint)');
  }
  return createSiteVerifyBotCheck({ url: config.botCheckUrl, secret: config.botCheckSecret });
}

export function createServices(deps: ServiceDeps) {
  const { db, config, clock, notifier, secret } = deps;
  /** Guessing per account (password sign-in, one-time codes): a growing lock. */
  const guard = createSignInGuard({ db, clock, log: deps.log });
  const codes = createCodesService({
    db,
    clock,
    notifier,
    secret,
    resendSeconds: config.codeResendSeconds,
    throttle: config,
    log: deps.log,
    guard,
  });
  const tokens = createTokensService({ db, clock, secret });
  const customers = createCustomersService({ db, clock });
  /** Notices of changes that could take an account, to the primary contact before the change. */
  /** Their "This was not me" links: undo the change, lock the password, end every session. */
  const accountUndo = createAccountUndo({ db, clock, tokens, days: config.accountUndoDays });
  const notices = createAccountNotices({ db, clock, config, notifier, log: deps.log, undo: accountUndo });
  const auth = createAuthService({ db, clock, codes, tokens, customers, guard, notices });
  /** Recent proof of a session (current password or a code to the primary contact). */
  const proof = createProofService({ db, clock, codes, tokens, customers, guard });
  const cardFingerprint = (digits: string) => keyedHash(secret, 'card-fingerprint', digits);
  /** Checks of a card's security code, limited per account (or client) and per card. */
  const cardProofs = createCardProofs({ db, clock, fingerprint: cardFingerprint, supportPhone: config.supportPhone, log: deps.log });
  const inventory = createInventory({ db, clock });
  const promotions = createPromotions({ db, clock });
  const payments = createPaymentsService({ db, clock, config, gateways: deps.gateways ?? sandboxGateways(cardFingerprint), inventory, cardProofs });
  const orders = createOrdersService({ db, clock, config, customers, inventory, promotions });
  /** Guests' server carts (docs/web-session.md): owners that can never sign in. */
  const guestCarts = createGuestCarts({ db, clock, orders });
  const fulfilment = createFulfilment({ db, clock, inventory, payments });
  const issuer = deps.issuer ?? createSandboxIssuer({ db, fingerprint: cardFingerprint });
  const contacts = createContactsService({ db, config, codes, tokens, customers, notices });
  const addresses = createAddressesService({ db, config, clock });
  const cards = createCardsService({
    db,
    clock,
    issuer,
    fingerprint: cardFingerprint,
    proofs: cardProofs,
    cardRanges: config.cardRanges,
  });
  const support = createSupportService({ db, clock });
  const catalog = createCatalogService({ db });
  const search = createSearchService({ db, catalog });
  const favorites = createFavoritesService({ db });
  const botCheck = createBotCheck(config);
  const basket = createSuggestedBasketService({ db, clock, config, customers });
  const reminders = createRemindersService({ db, clock, config, notifier, secret, log: deps.log, basket });
  return {
    db,
    config,
    clock,
    notifier,
    log: deps.log,
    codes,
    tokens,
    guard,
    customers,
    auth,
    proof,
    notices,
    accountUndo,
    orders,
    guestCarts,
    payments,
    /** Every stock change (reserve, release, sell, restock, set). */
    inventory,
    promotions,
    /** Operations on placed orders: advance, cancel (with refund). */
    fulfilment,
    contacts,
    addresses,
    cards,
    support,
    catalog,
    search,
    favorites,
    /** The suggested basket of the allowance left (issue 31). */
    basket,
    /** The allowance reminders: the sweep, the setting, the signed unsubscribe link (issue 31). */
    reminders,
    /** Scores form tokens (null when the bot check is off). */
    botCheck,
    settings: createSettingsService({ db, config, clock, promotions }),
    /** The development outbox (messages the notifier stored). */
    outbox: createOutboxService({ db }),
    /** The web visitor's signed values under the server's key (lib/web-session.ts). */
    webCookies: {
      signCart: (ownerId: number) => signCart(secret, ownerId),
      verifyCart: (value: string | undefined) => verifyCart(secret, value),
      csrfToken: (subject: CsrfSubject) => csrfToken(secret, subject),
      csrfTokenMatches: (subject: CsrfSubject, sent: string | undefined) => csrfTokenMatches(secret, subject, sent),
    },
    /** Keyed fingerprint of a card number (digits only): finds duplicates without storing it. */
    cardFingerprint,
    /** The limits on checks of cards' security codes (support unlocks a card's with `unlock`). */
    cardProofs,
  };
}

export type Services = ReturnType<typeof createServices>;
