/**
 * The `CardIssuer` port: who can tell whether a card number and security code belong together,
 * and what allowance the card has left. The bundled implementation is the sandbox issuer: number
 * and code pairs are the documented test cards (`SANDBOX_CARDS`), balances and the end of the
 * allowance period come from the sandbox ledger (`sandbox_accounts`, loaded by the seed and
 * charged by the sandbox gateways). A real issuer plugs in behind the same port.
 *
 * It issues benefit and insurance cards only (network, national, S3): the sandbox credit cards of
 * the `credit` payment method are unknown to it, so they can neither be added to an account nor
 * answer the guest balance check.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CARD_TYPES, type CardType } from '@otc/sdk';
import type { Db } from '../db/client.js';
import { sandboxAccounts } from '../db/schema.js';
import { safeEqual } from '../lib/crypto.js';
import { SANDBOX_CARDS } from '../seed/seed.js';

export interface IssuerAccount {
  balanceCents: number;
  /** YYYY-MM-DD: the last day of the current allowance period. */
  periodEndsAt: string | null;
}

export interface CardIssuer {
  /** The account of a number (digits only) and security code pair; null when they do not match. */
  lookup(type: CardType, digits: string, code: string): Promise<IssuerAccount | null>;
  /** The current balance of a card known by its keyed fingerprint (null when unknown). */
  balance(fingerprint: string): Promise<IssuerAccount | null>;
}

/**
 * Whether a number (digits only) and security code are a sandbox benefit card of a type (the
 * documented test cards, `SANDBOX_CARDS`). Benefit card types only: a sandbox credit card never
 * matches, whatever type is passed. Codes are compared in constant time even for an unknown
 * number. Used by the issuer (adding a card, the balance check) and the sandbox gateways (a card
 * typed at checkout).
 */
export function sandboxCardMatches(type: string, digits: string, code: string): boolean {
  const benefit = (CARD_TYPES as readonly string[]).includes(type);
  const card = SANDBOX_CARDS.find((c) => benefit && c.type === type && c.number === digits);
  return safeEqual(card?.code ?? '\u0000', code) && card !== undefined;
}

export function createSandboxIssuer(options: {
  db: Db;
  fingerprint: (digits: string) => string;
}): CardIssuer {
  const { db } = options;
  return {
    async lookup(type, digits, code) {
      if (!sandboxCardMatches(type, digits, code)) return null;
      return this.balance(options.fingerprint(digits));
    },

    async balance(fingerprint) {
      const [row] = await db
        .select({ balanceCents: sandboxAccounts.balanceCents, periodEndsAt: sandboxAccounts.periodEndsAt })
        .from(sandboxAccounts)
        .where(and(eq(sandboxAccounts.fingerprint, fingerprint), inArray(sandboxAccounts.type, [...CARD_TYPES])))
        .limit(1);
      return row ?? null;
    },
  };
}
