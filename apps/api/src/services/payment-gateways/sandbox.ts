/**
 * The bundled sandbox gateways. Their test cards are `SANDBOX_CARDS` of the seed (one table,
 * documented in apps/api/README.md): each number approves, declines, or lacks funds, and holds a
 * balance in `sandbox_accounts`, looked up by the keyed fingerprint of the number. A refund puts
 * the amount back on the account charged (found by the fingerprint the payment recorded), or on
 * the customer's store balance.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CARD_TYPES, type CardType, type PaymentMethodCode } from '@otc/sdk';
import { fromCents, isPaymentInputValid, type PaymentInputReason } from '@otc/sdk/rules';
import { normalizeCardNumber, validateCardNumber } from '@otc/sdk/validation';
import type { Tx } from '../../db/client.js';
import { ConfigError, type AppConfig } from '../../env.js';
import { sandboxCardMatches } from '../card-issuer.js';
import { cards, customers, sandboxAccounts } from '../../db/schema.js';
import { HttpError, issue, validationError, type ApiCode } from '../../lib/errors.js';
import type { ChargeRequest, ChargeResult, PaymentGateway, RefundResult } from './types.js';

const notCorrect = () =>
  new HttpError('card_number_or_code_is_not_correct', {
    fields: { card: [issue('card_number_or_code_is_not_correct')] },
  });
const notEnough = () => new HttpError('notEnoughBalance', { fields: { code: [issue('notEnoughBalance')] } });

/** The catalogue code of each reason `isPaymentInputValid` can refuse a payment input for. */
const REASON_CODES: Record<PaymentInputReason, ApiCode> = {
  enterCardNumber: 'enter_card_number',
  invalidCardNumber: 'invalid_card_number',
  notEnoughBalance: 'notEnoughBalance',
  noActiveCard: 'no_active_card',
  totalUnknown: 'wrong_format',
  unknownMethod: 'payment_methods_unavailable',
};

/**
 * Charges the sandbox account of a fingerprint; mirrors the balance on the customer's card. A
 * benefit account's plan is checked first (`coveredBy`, which throws its refusal); a credit
 * account has none to check.
 */
async function chargeAccount(
  tx: Tx,
  fingerprint: string,
  type: string,
  amountCents: number,
  last4: string,
  coveredBy: ChargeRequest['coveredBy'],
): Promise<ChargeResult> {
  const [account] = await tx
    .select()
    .from(sandboxAccounts)
    .where(and(eq(sandboxAccounts.fingerprint, fingerprint), eq(sandboxAccounts.type, type)))
    .for('update');
  if (!account || account.behavior === 'decline') {
    return { approved: false, last4, fingerprint, error: notCorrect() };
  }
  if (account.type !== 'credit') await coveredBy(account.planCode);
  if (account.behavior === 'insufficient') {
    return { approved: false, last4, fingerprint, error: notEnough() };
  }
  const charged = await tx
    .update(sandboxAccounts)
    .set({ balanceCents: sql`${sandboxAccounts.balanceCents} - ${amountCents}` })
    .where(and(eq(sandboxAccounts.id, account.id), sql`${sandboxAccounts.balanceCents} >= ${amountCents}`))
    .returning({ balanceCents: sandboxAccounts.balanceCents });
  if (charged.length === 0) return { approved: false, last4, fingerprint, error: notEnough() };
  await tx
    .update(cards)
    .set({ balanceCents: charged[0]!.balanceCents })
    .where(eq(cards.fingerprint, fingerprint));
  return { approved: true, last4, fingerprint, reference: `sbx_${randomUUID()}` };
}

/**
 * Gives an amount back to the sandbox account of a fingerprint, of one of `types` (a credit
 * charge goes back to a credit account only, a benefit charge to a benefit account only); mirrors
 * the balance on the customer's card. Throws when the account is not there.
 */
async function refundAccount(
  tx: Tx,
  fingerprint: string | null,
  types: readonly string[],
  amountCents: number,
): Promise<RefundResult> {
  if (!fingerprint) throw new Error('the payment recorded no card fingerprint: nothing to refund to');
  const refunded = await tx
    .update(sandboxAccounts)
    .set({ balanceCents: sql`${sandboxAccounts.balanceCents} + ${amountCents}` })
    .where(and(eq(sandboxAccounts.fingerprint, fingerprint), inArray(sandboxAccounts.type, [...types])))
    .returning({ balanceCents: sandboxAccounts.balanceCents });
  if (refunded.length === 0) throw new Error('the sandbox account of the payment is not there');
  await tx
    .update(cards)
    .set({ balanceCents: refunded[0]!.balanceCents })
    .where(eq(cards.fingerprint, fingerprint));
  return { reference: `sbx_refund_${randomUUID()}` };
}

/**
 * Whether the customer may charge a benefit card typed at checkout (an answer that does not tell
 * whether the number exists): a card on the customer's own account, with no code or its right
 * code; or a card on nobody's account with its right security code. A card on another
 * customer's account is never theirs to charge, whatever code is typed.
 */
async function mayCharge(
  tx: Tx,
  customerId: number,
  type: CardType,
  digits: string,
  fingerprint: string,
  code: string,
): Promise<boolean> {
  const [linked] = await tx
    .select({ customerId: cards.customerId, type: cards.type })
    .from(cards)
    .where(eq(cards.fingerprint, fingerprint))
    .limit(1);
  // Always compare the code (constant time), so every path does the same work.
  const codeMatches = sandboxCardMatches(type, digits, code);
  if (linked && linked.customerId !== customerId) return false;
  if (linked && linked.type === type && code === '') return true;
  return codeMatches;
}

/**
 * A card on the customer's account, chosen at checkout by its id (`input.cardId`, issue 21): the
 * member pays with the benefit card on file without typing its 16 digits again. Only a card of
 * theirs and of the method's type; anything else is the one answer of a refused card.
 */
async function cardOnFile(tx: Tx, customerId: number, cardType: CardType, cardId: string) {
  const id = /^\d{1,9}$/.test(cardId) ? Number(cardId) : null;
  if (id === null) return null;
  const [card] = await tx
    .select({ fingerprint: cards.fingerprint, last4: cards.last4 })
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.customerId, customerId), eq(cards.type, cardType)));
  return card ?? null;
}

/**
 * A card typed at checkout: trnsx (network), nationsbenefits (national), credit. A benefit card
 * pays only for its owner: the number with its security code (`input.code`), or a card on the
 * customer's account (then the code may be left out; or chosen by its id, `input.cardId`, with no
 * number at all). A wrong number, a wrong code and another member's card are one answer,
 * `card_number_or_code_is_not_correct`, and charge nothing; only a card proven theirs can answer
 * `notEnoughBalance`. Credit cards pay with the number alone.
 */
export function cardGateway(
  code: Extract<PaymentMethodCode, 'trnsx' | 'nationsbenefits' | 'credit'>,
  cardType: CardType | 'credit',
  fingerprintOf: (digits: string) => string,
): PaymentGateway {
  return {
    code,
    async charge({ tx, customerId, amountCents, input, coveredBy }) {
      if (cardType !== 'credit' && input.cardId !== undefined && !input.card) {
        const onFile = await cardOnFile(tx, customerId, cardType, input.cardId);
        if (!onFile) return { approved: false, last4: null, fingerprint: null, error: notCorrect() };
        return chargeAccount(tx, onFile.fingerprint, cardType, amountCents, onFile.last4, coveredBy);
      }
      const card = input.card ?? '';
      const check = isPaymentInputValid(code, { card });
      if (!check.valid) throw validationError({ card: [issue(REASON_CODES[check.reason])] });
      if (cardType !== 'credit') {
        const found = validateCardNumber(card, cardType);
        if (found) throw validationError({ card: [found] });
      }
      const digits = normalizeCardNumber(card);
      const fingerprint = fingerprintOf(digits);
      const last4 = digits.slice(-4);
      if (cardType !== 'credit') {
        const securityCode = (input.code ?? '').trim();
        if (!(await mayCharge(tx, customerId, cardType, digits, fingerprint, securityCode))) {
          return { approved: false, last4, fingerprint, error: notCorrect(), codeRefused: true };
        }
      }
      return chargeAccount(tx, fingerprint, cardType, amountCents, last4, coveredBy);
    },
    async refund({ tx, amountCents, payment }) {
      return refundAccount(tx, payment.fingerprint, [cardType], amountCents);
    },
  };
}

/** prohealth: the customer's active insurance card on file is charged. */
export function insuranceGateway(): PaymentGateway {
  return {
    code: 'prohealth',
    async charge({ tx, customerId, amountCents, coveredBy }) {
      const [card] = await tx
        .select()
        .from(cards)
        .where(and(eq(cards.customerId, customerId), eq(cards.active, true)));
      const check = isPaymentInputValid('prohealth', { activeInsuranceCard: Boolean(card) });
      if (!card || !check.valid) {
        throw new HttpError('no_active_card', { fields: { code: [issue('no_active_card')] } });
      }
      return chargeAccount(tx, card.fingerprint, card.type, amountCents, card.last4, coveredBy);
    },
    async refund({ tx, amountCents, payment }) {
      // The card charged then, even if another card is active now.
      return refundAccount(tx, payment.fingerprint, CARD_TYPES, amountCents);
    },
  };
}

/** balance: the customer's store balance, spent in the caller's transaction, never below zero. */
export function balanceGateway(): PaymentGateway {
  return {
    code: 'balance',
    async charge({ tx, customerId, amountCents }) {
      const [customer] = await tx
        .select({ balanceCents: customers.balanceCents })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for('update');
      const check = isPaymentInputValid('balance', {
        balance: fromCents(customer?.balanceCents ?? 0),
        estimatedTotal: fromCents(amountCents),
      });
      if (!check.valid) return { approved: false, last4: null, fingerprint: null, error: notEnough() };
      const spent = await tx
        .update(customers)
        .set({ balanceCents: sql`${customers.balanceCents} - ${amountCents}` })
        .where(and(eq(customers.id, customerId), sql`${customers.balanceCents} >= ${amountCents}`))
        .returning({ id: customers.id });
      if (spent.length === 0) return { approved: false, last4: null, fingerprint: null, error: notEnough() };
      return { approved: true, last4: null, fingerprint: null, reference: `bal_${randomUUID()}` };
    },
    async refund({ tx, customerId, amountCents }) {
      const returned = await tx
        .update(customers)
        .set({ balanceCents: sql`${customers.balanceCents} + ${amountCents}` })
        .where(eq(customers.id, customerId))
        .returning({ id: customers.id });
      if (returned.length === 0) throw new Error(`customer ${customerId} is not there: nothing to refund to`);
      return { reference: `bal_refund_${randomUUID()}` };
    },
  };
}

/**
 * Production has no demo: the sandbox gateways (and the sandbox card issuer) take the documented
 * test cards, which really pay, so a production process refuses to start with them unless
 * PAYMENT_SANDBOX=on says this is a demo deploy (the app then warns at every start).
 */
export function assertSandboxAllowed(config: Pick<AppConfig, 'nodeEnv' | 'paymentSandbox'>): void {
  if (config.nodeEnv === 'production' && !config.paymentSandbox) {
    throw new ConfigError([
      'PAYMENT_SANDBOX: the bundled payment gateways are sandboxes whose documented test cards pay; ' +
        'production runs them only with PAYMENT_SANDBOX=on (a demo deploy). No real processor is configured.',
    ]);
  }
}

export const SANDBOX_IN_PRODUCTION_WARNING =
  'PAYMENT_SANDBOX=on in production: payments go through the sandbox gateways, and their documented test cards pay';

export function sandboxGateways(fingerprintOf: (digits: string) => string): PaymentGateway[] {
  return [
    cardGateway('trnsx', 'network', fingerprintOf),
    cardGateway('nationsbenefits', 'national', fingerprintOf),
    cardGateway('credit', 'credit', fingerprintOf),
    insuranceGateway(),
    balanceGateway(),
  ];
}
