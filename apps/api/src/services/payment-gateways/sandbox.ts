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
import { fromCents, isPaymentInputValid } from '@otc/sdk/rules';
import { normalizeCardNumber, validateCardNumber } from '@otc/sdk/validation';
import type { Tx } from '../../db/client.js';
import { cards, customers, sandboxAccounts } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import type { ChargeResult, PaymentGateway, RefundResult } from './types.js';

const notCorrect = () =>
  new HttpError(422, 'card_number_or_code_is_not_correct', undefined, {
    card: ['Card number or code is not correct'],
  });
const notEnough = () =>
  new HttpError(422, 'notEnoughBalance', undefined, {
    code: ["You don't have enough funds to pay for this order"],
  });

/** Charges the sandbox account of a fingerprint; mirrors the balance on the customer's card. */
async function chargeAccount(
  tx: Tx,
  fingerprint: string,
  type: string,
  amountCents: number,
  last4: string,
): Promise<ChargeResult> {
  const [account] = await tx
    .select()
    .from(sandboxAccounts)
    .where(and(eq(sandboxAccounts.fingerprint, fingerprint), eq(sandboxAccounts.type, type)))
    .for('update');
  if (!account || account.behavior === 'decline') {
    return { approved: false, last4, fingerprint, error: notCorrect() };
  }
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

/** A card typed at checkout: trnsx (network), nationsbenefits (national), credit. */
export function cardGateway(
  code: Extract<PaymentMethodCode, 'trnsx' | 'nationsbenefits' | 'credit'>,
  cardType: CardType | 'credit',
  fingerprintOf: (digits: string) => string,
): PaymentGateway {
  return {
    code,
    cardPayment: true,
    async charge({ tx, amountCents, input }) {
      const card = input.card ?? '';
      const check = isPaymentInputValid(code, { card });
      if (!check.valid) throw new HttpError(422, 'validation_failed', undefined, { card: [check.message] });
      if (cardType !== 'credit') {
        const found = validateCardNumber(card, cardType);
        if (found) throw new HttpError(422, 'validation_failed', undefined, { card: [found.message] });
      }
      const digits = normalizeCardNumber(card);
      return chargeAccount(tx, fingerprintOf(digits), cardType, amountCents, digits.slice(-4));
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
    cardPayment: false,
    async charge({ tx, customerId, amountCents }) {
      const [card] = await tx
        .select()
        .from(cards)
        .where(and(eq(cards.customerId, customerId), eq(cards.active, true)));
      const check = isPaymentInputValid('prohealth', { activeInsuranceCard: Boolean(card) });
      if (!card || !check.valid) {
        throw new HttpError(422, 'no_active_card', undefined, { code: ['No active card found.'] });
      }
      return chargeAccount(tx, card.fingerprint, card.type, amountCents, card.last4);
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
    cardPayment: false,
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

export function sandboxGateways(fingerprintOf: (digits: string) => string): PaymentGateway[] {
  return [
    cardGateway('trnsx', 'network', fingerprintOf),
    cardGateway('nationsbenefits', 'national', fingerprintOf),
    cardGateway('credit', 'credit', fingerprintOf),
    insuranceGateway(),
    balanceGateway(),
  ];
}
