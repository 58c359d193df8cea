/**
 * Paying a placed order through the gateway of its method code. The order row is locked for the
 * whole charge, so two concurrent pays of one order run one after the other; the second finds the
 * order paid and answers the first payment (idempotent: one approved payment per order, enforced
 * by the unique `order:<id>` key too). An approved charge moves the reserved units to sold.
 *
 * What pays decides what may be bought (issue 32), as at a till: a benefit card (trnsx,
 * nationsbenefits, prohealth) pays only for the items its own plan covers, checked at pay under
 * the order's lock, whatever plan the customer's profile names (that plan is what the shop shows);
 * a credit card and the store balance are the customer's own money and pay for anything.
 *
 * Refunds (a cancelled paid order) run inside the cancel's transaction: the approved charge is
 * given back in full through the gateway it was paid with and recorded as a `refunded` payment
 * row under the unique key `order:<id>:refund`, so an order is refunded at most once. A benefit
 * card's payment refunded after the benefit period it was paid in has ended is recorded, but its
 * allowance does not come back (issue 31, item 5; the SDK's `refundReturnsTo`).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS, TYPED_CARD_TYPE, type CardType, type PaymentMethodCode } from '@otc/sdk';
import { fromCents, refundReturnsTo, statusAfterPayment } from '@otc/sdk/rules';
import type { PaymentAnswer } from '@otc/sdk/schemas';
import { normalizeCardNumber, validateCardType } from '@otc/sdk/validation';
import type { Db, Tx } from '../db/client.js';
import { customers, orderEvents, orders, payments } from '../db/schema.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { errors, HttpError, issue, validationError, type Lang } from '../lib/errors.js';
import { CARD_PROOF_REFUSALS_PER_HOUR, type CardProofs } from './card-proofs.js';
import { rowsOutsideCardPlan } from './coverage.js';
import { recheckPlacedOrder } from './orders/checkout.js';
import { customerPlanPeriod } from './orders/period-limits.js';
import type { Inventory } from './orders/inventory.js';
import { PAID_STATUSES } from './orders/records.js';
import type { PaymentGateway } from './payment-gateways/types.js';

/**
 * A card typed at checkout is a card proof (card-proofs.ts): refusals (a wrong number, a wrong
 * code, another member's card, a decline: one answer) are limited per account and per card number
 * per hour; past it, paying by a typed card answers 429 for the rest of the hour, whatever is
 * typed, so a security code cannot be guessed.
 */
export const CARD_TRIES_PER_HOUR = CARD_PROOF_REFUSALS_PER_HOUR;
const typesACard = (method: PaymentMethodCode) => method in TYPED_CARD_TYPE || method === 'credit';

/**
 * `card_plan_does_not_cover`: the paying card's plan and the items it does not cover (names in
 * the request's language), each row named under `rows.N.sku_id` as `order_has_issues` names them.
 */
function cardPlanRefusal(outside: { plan: string; rows: { index: number; name: string }[] }): HttpError {
  const params = { plan: outside.plan, items: outside.rows.map((row) => row.name).join(', ') };
  const fields = Object.fromEntries(
    outside.rows.map((row) => [`rows.${row.index}.sku_id`, [issue('card_plan_does_not_cover', params)]]),
  );
  return new HttpError('card_plan_does_not_cover', { params, fields, extra: { params } });
}

export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  gateways: PaymentGateway[];
  /** Sells the reserved units of a paid order. */
  inventory: Pick<Inventory, 'sell'>;
  cardProofs: CardProofs;
}) {
  const { db, clock, config, inventory } = deps;
  const gateways = new Map(deps.gateways.map((g) => [g.code, g]));

  const answer = (order: typeof orders.$inferSelect, amountCents: number): PaymentAnswer => ({
    orderId: order.id,
    number: order.number ?? '',
    status: order.status,
    paidBy: order.paidBy ?? '',
    amount: fromCents(amountCents),
  });

  return {
    /**
     * Gives back the approved payment of an order, in the caller's transaction (which holds the
     * order row locked): through the gateway of the method it was paid with, enabled or not now.
     * Answers what was refunded, or null when the order has no approved payment or was refunded
     * already. A gateway that cannot refund throws, and so rolls the caller back.
     */
    async refund(tx: Tx, order: { id: number; customerId: number }): Promise<Refund | null> {
      const [paid] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')));
      if (!paid) return null;
      const key = `order:${order.id}:refund`;
      const [done] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.idempotencyKey, key));
      if (done) return null;
      // Issue 31, item 5 (the SDK's `refundReturnsTo`): a benefit card's payment refunded after
      // the period it was paid in has ended gives no allowance back (that period's allowance is
      // gone; the card's balance is the new period's): recorded as refunded, nothing moved.
      const plan = await customerPlanPeriod(tx, order.customerId);
      const returnsTo = refundReturnsTo({ method: paid.method, paidAt: paid.createdAt, now: clock.now(), period: plan?.period ?? 'quarter' });
      let result: { reference: string };
      if (returnsTo === 'expired_allowance') {
        result = { reference: `expired_allowance_${randomUUID()}` };
      } else {
        const gateway = gateways.get(paid.method as PaymentMethodCode);
        if (!gateway) throw new Error(`order ${order.id}: no payment gateway "${paid.method}" to refund through`);
        result = await gateway.refund({
          tx,
          customerId: order.customerId,
          orderId: order.id,
          amountCents: paid.amountCents,
          payment: { last4: paid.last4, fingerprint: paid.fingerprint, reference: paid.reference },
        });
      }
      await tx.insert(payments).values({
        orderId: order.id,
        method: paid.method,
        amountCents: paid.amountCents,
        status: 'refunded',
        idempotencyKey: key,
        last4: paid.last4,
        fingerprint: paid.fingerprint,
        reference: result.reference,
        errorCode: returnsTo === 'expired_allowance' ? 'allowance_expired' : null,
        createdAt: clock.now(),
      });
      return { amountCents: paid.amountCents, method: paid.method, last4: paid.last4, allowanceReturned: returnsTo === 'payer' };
    },

    async pay(
      customerId: number,
      orderId: number,
      body: { code: PaymentMethodCode; input: Record<string, string> },
      lang: Lang = 'en',
    ): Promise<PaymentAnswer> {
      // A typed benefit card whose number is in another type's issuer range is named (as adding a
      // card and the balance check do, issue 33 item 2), before any proof is counted or charge made.
      const typedType = (TYPED_CARD_TYPE as Partial<Record<PaymentMethodCode, CardType>>)[body.code];
      const wrongType = typedType && body.input.card ? validateCardType(body.input.card, typedType, config.cardRanges) : null;
      if (wrongType) throw validationError({ card: [wrongType] });
      const charge = () => db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
          .for('update');
        if (!order) throw errors.notFound();
        if (PAID_STATUSES.includes(order.status)) {
          const [paid] = await tx
            .select()
            .from(payments)
            .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')));
          if (paid) return { paid: answer(order, paid.amountCents) };
        }
        // Its hold has ended (back in the cart, or going there): it can no longer be paid.
        if (
          (order.status === ORDER_STATUS.waitingForPayment || order.status === ORDER_STATUS.draft) &&
          order.payableUntil !== null &&
          order.payableUntil <= clock.now()
        ) {
          throw new HttpError('order_payment_time_over');
        }
        if (order.status !== ORDER_STATUS.waitingForPayment) {
          throw new HttpError('order_not_waiting_for_payment', {
            fields: { status: [issue('order_not_waiting_for_payment')] },
          });
        }
        const gateway = gateways.get(body.code);
        if (!gateway || !config.paymentMethods.includes(body.code)) {
          throw new HttpError('payment_methods_unavailable', {
            fields: { code: [issue('payment_methods_unavailable')] },
          });
        }
        // What complete checked (status, stock, minimum) may have changed since: checked again
        // under the order's lock, before anything is charged. Not the customer's saved plan: the
        // card that pays decides what it pays for (`coveredBy`).
        await recheckPlacedOrder(tx, order, config.minimumOrderCents, clock.now());
        const result = await gateway.charge({
          tx,
          customerId,
          orderId: order.id,
          amountCents: order.totalCents,
          input: body.input,
          // Throws out of this transaction: nothing is charged or changed, the order still waits.
          coveredBy: async (planCode) => {
            const outside = await rowsOutsideCardPlan(tx, order.id, planCode, lang);
            if (outside.rows.length > 0) throw cardPlanRefusal(outside);
          },
        });
        if (!result.approved) return { declined: result };
        const now = clock.now();
        await tx.insert(payments).values({
          orderId: order.id,
          method: body.code,
          amountCents: order.totalCents,
          status: 'approved',
          idempotencyKey: `order:${order.id}`,
          last4: result.last4,
          fingerprint: result.fingerprint,
          reference: result.reference,
          createdAt: now,
        });
        await inventory.sell(tx, order.id);
        const [customer] = await tx
          .select({ firstName: customers.firstName, lastName: customers.lastName })
          .from(customers)
          .where(eq(customers.id, customerId));
        // The SDK's one table: every card method goes to payment verification, the balance confirms.
        const status = statusAfterPayment(body.code);
        const [updated] = await tx
          .update(orders)
          .set({
            status,
            paymentMethod: body.code,
            paymentLast4: result.last4,
            paidBy: [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || body.code,
            paidAt: now,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id))
          .returning();
        await tx.insert(orderEvents).values({ orderId: order.id, status, note: body.code, at: now });
        return { paid: answer(updated!, order.totalCents) };
      });
      // A typed card is counted before the charge's transaction opens, in a statement of its own
      // (parallel pays cannot pass the limit), and given back unless the card was refused. Only
      // for an order of this customer waiting for payment: another's order or a paid one answers
      // as without the limit (404, the payment), never 429.
      // A card on file chosen by its id (`input.cardId`) was proven when it was added: no proof.
      const [payable] = typesACard(body.code) && !(body.input.cardId !== undefined && !body.input.card)
        ? await db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.status, ORDER_STATUS.waitingForPayment)))
        : [];
      const outcome = payable
        ? await deps.cardProofs.check({ customerId }, normalizeCardNumber(body.input.card ?? ''), charge, (done) =>
            done.declined?.codeRefused === true,
          )
        : await charge();
      if (outcome.paid) return outcome.paid;
      // A decline is recorded (outside the charge's transaction) and answered as a 422.
      const declined = outcome.declined;
      if (!declined || declined.approved) throw new Error('payment outcome without a decline');
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      await db.insert(payments).values({
        orderId,
        method: body.code,
        amountCents: order?.totalCents ?? 0,
        status: 'declined',
        idempotencyKey: `order:${orderId}:declined:${randomUUID()}`,
        last4: declined.last4,
        fingerprint: declined.fingerprint,
        errorCode: declined.error.code,
        createdAt: clock.now(),
      });
      throw declined.error;
    },
  };
}

export interface Refund {
  amountCents: number;
  method: string;
  last4: string | null;
  /** False: a benefit card's period had ended, so its allowance did not come back (issue 31). */
  allowanceReturned: boolean;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
