/**
 * Benefit and insurance cards: list (balances refreshed from the issuer), add (validated per card
 * type with the SDK, checked with the issuer, never stored in full), make active, and the guest
 * balance check.
 *
 * - The number is checked by `validateCardNumber` (16 or 19 digits for network and national
 *   cards, 16 or 17 for S3, the spec's messages on `number`), then by `validateCardType` (a number
 *   in another type's issuer range, the settings' `cardRanges`, names that type); the security
 *   code must be 3 or 4 digits. Then the issuer must know the number and code pair, else 422
 *   `card_number_or_code_is_not_correct`. Duplicates are looked up only after that, so a wrong
 *   code, another member's card and an unlinked card answer alike (422, no balance) until the
 *   code is proven.
 * - Every check of a code (add, the guest balance check) goes through the card-proof limits
 *   (`card-proofs.ts`): per account (or client address) and per card number, counted before the
 *   issuer is asked; 429 `too_many_requests` past 10 refusals in the hour.
 * - Only the last four digits and a keyed fingerprint (HMAC) are kept; the fingerprint is unique,
 *   so a card linked to another account answers 409 `card_already_in_system`.
 * - One card is active at a time; the first card added becomes the active one. The active card
 *   is the customer's `activeInsuranceCard` (an S3 one is what `prohealth` pays with).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { CardRanges, CardType } from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import type { BalanceCheckAnswer, CardInput, InsuranceCard } from '@otc/sdk/schemas';
import { normalizeCardNumber, validateCardNumber, validateCardType } from '@otc/sdk/validation';
import type { Db } from '../db/client.js';
import { cards } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError, errors, issue, validationError, type FieldIssue } from '../lib/errors.js';
import { isUniqueViolation } from './auth.js';
import type { CardIssuer, IssuerAccount } from './card-issuer.js';
import type { CardProofs, CardProofSubject } from './card-proofs.js';
import { toInsuranceCard } from './customers.js';

export interface CardsServiceOptions {
  db: Db;
  clock: Clock;
  issuer: CardIssuer;
  fingerprint: (digits: string) => string;
  proofs: CardProofs;
  /** The card issuers' ranges (settings.cardRanges): a number of another type's range is named. */
  cardRanges: CardRanges;
}

/**
 * The digits of a valid number and code of a card type, or 422 with per-field messages. A whole
 * number in another type's issuer range names that type on `number` ("This is a Network benefit
 * card number."), before the issuer is asked: a member who picked the wrong type is told so, and
 * no card-proof attempt is spent on it.
 */
export function checkCardInput(type: CardType, number: string, code: string, ranges: CardRanges) {
  const data: Record<string, FieldIssue[]> = {};
  const numberIssue = validateCardNumber(number, type) ?? validateCardType(number, type, ranges);
  if (numberIssue) data.number = [numberIssue];
  if (!/^\d{3,4}$/.test(code.trim())) data.code = [issue('wrong_format')];
  if (Object.keys(data).length > 0) throw validationError(data);
  return { digits: normalizeCardNumber(number), code: code.trim() };
}

function notCorrect() {
  return new HttpError('card_number_or_code_is_not_correct', {
    fields: { number: [issue('card_number_or_code_is_not_correct')] },
  });
}

export function createCardsService(options: CardsServiceOptions) {
  const { db, clock, issuer, fingerprint, proofs, cardRanges } = options;

  async function verified(subject: CardProofSubject, input: { type: CardType; number: string; code: string }) {
    const { digits, code } = checkCardInput(input.type, input.number, input.code, cardRanges);
    // The issuer is asked only within the limits; an unknown pair stays counted.
    const account = await proofs.check(subject, digits, () => issuer.lookup(input.type, digits, code), (found) => !found);
    if (!account) throw notCorrect();
    return { digits, account };
  }

  return {
    /** The customer's cards, with balances and period ends as the issuer knows them now. */
    async list(customerId: number): Promise<{ data: InsuranceCard[] }> {
      const rows = await db
        .select()
        .from(cards)
        .where(eq(cards.customerId, customerId))
        .orderBy(asc(cards.id));
      const fresh = await Promise.all(
        rows.map(async (row) => {
          const account = await issuer.balance(row.fingerprint);
          if (
            !account ||
            (account.balanceCents === row.balanceCents && account.periodEndsAt === row.periodEndsAt)
          ) {
            return row;
          }
          await db
            .update(cards)
            .set({ balanceCents: account.balanceCents, periodEndsAt: account.periodEndsAt })
            .where(eq(cards.id, row.id));
          return { ...row, ...account };
        }),
      );
      return { data: fresh.map(toInsuranceCard) };
    },

    async add(customerId: number, input: CardInput): Promise<{ data: InsuranceCard[] }> {
      const { digits, account } = await verified({ customerId }, input);
      const print = fingerprint(digits);
      const [existing] = await db
        .select({ customerId: cards.customerId })
        .from(cards)
        .where(eq(cards.fingerprint, print))
        .limit(1);
      if (existing) {
        throw existing.customerId === customerId
          ? errors.conflict('card_already_added')
          : errors.conflict('card_already_in_system');
      }
      try {
        await db.transaction(async (tx) => {
          const [active] = await tx
            .select({ id: cards.id })
            .from(cards)
            .where(and(eq(cards.customerId, customerId), eq(cards.active, true)))
            .limit(1);
          await tx.insert(cards).values({
            customerId,
            type: input.type,
            last4: digits.slice(-4),
            fingerprint: print,
            active: !active,
            usedForPayments: true,
            balanceCents: account.balanceCents,
            periodEndsAt: account.periodEndsAt,
            addedAt: clock.now(),
          });
        });
      } catch (error) {
        // Linked at the same moment by someone else: the unique fingerprint let one through.
        if (isUniqueViolation(error)) throw errors.conflict('card_already_in_system');
        throw error;
      }
      return this.list(customerId);
    },

    async makeActive(customerId: number, id: number): Promise<{ data: InsuranceCard[] }> {
      const [row] = await db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.id, id), eq(cards.customerId, customerId)))
        .limit(1);
      if (!row) throw errors.notFound();
      await db.transaction(async (tx) => {
        await tx
          .update(cards)
          .set({ active: false })
          .where(and(eq(cards.customerId, customerId), ne(cards.id, id)));
        await tx.update(cards).set({ active: true }).where(eq(cards.id, id));
      });
      return this.list(customerId);
    },

    /**
     * Guest balance check: the number and code must match; nothing is stored. Limited per client
     * address (no account) and per card.
     */
    async checkBalance(
      input: { type: CardType; number: string; code: string },
      clientAddress: string,
    ): Promise<BalanceCheckAnswer> {
      const { digits, account } = await verified({ clientAddress }, input);
      return balanceAnswer(input.type, digits, account);
    },
  };
}

function balanceAnswer(type: CardType, digits: string, account: IssuerAccount): BalanceCheckAnswer {
  return {
    type,
    last4: digits.slice(-4),
    balance: fromCents(account.balanceCents),
    periodEndsAt: account.periodEndsAt,
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
