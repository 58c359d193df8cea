/**
 * The bundled sandbox gateways. Their test cards are `SANDBOX_CARDS` of the seed (one table,
 * documented in apps/api/README.md): each number approves, declines, or lacks funds, and holds a
 * balance in `sandbox_accounts`, looked up by the keyed fingerprint of the number.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CardType, PaymentMethodCode } from '@otc/sdk';
import { fromCents, isPaymentInputValid } from '@otc/sdk/rules';
import { normalizeCardNumber, validateCardNumber } from '@otc/sdk/validation';
import type { Tx } from '../../db/client.js';
import { cards, customers, sandboxAccounts } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import type { ChargeResult, PaymentGateway } from './types.js';

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
