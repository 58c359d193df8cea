/**
 * Checkout of the open draft: its delivery address, placing it (every check of the spec, the promo
 * code's rules under its lock and its use recorded, then its units reserved by the inventory and
 * held until `payableUntil`, in one transaction), and a placed unpaid order going back to draft
 * (its reservation released and its code's use given back, holds.ts). Paying is
 * services/payments.ts. A customer has at most one order waiting for payment.
 *
 * Decision (spec "not shown"): the minimum order is compared with the items subtotal before the
 * promo discount, so a code never pushes a valid cart under the minimum.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ORDER_STATUS, formatPrice } from '@otc/sdk';
import {
  benefitPeriodOf,
  cartIssues,
  checkMinimumOrder,
  fromCents,
  heldItemsWait,
  holdEnd,
  holdValueLimitCents,
  holdValueRefusal,
  missingProfileFields,
} from '@otc/sdk/rules';
import type { Address, PlacedOrder } from '@otc/sdk/schemas';
import { validateState } from '@otc/sdk/validation';
import type { Db, DbOrTx } from '../../db/client.js';
import { addresses, cards, customers, heldItems, orders } from '../../db/schema.js';
import type { AppConfig } from '../../env.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, errors, issue, validationError, type FieldIssue, type Lang } from '../../lib/errors.js';
import { toAddress } from '../addresses.js';
import type { CustomersService } from '../customers.js';
import { draftRowsError, overItemLimit, type Drafts } from './drafts.js';
import { customerPlanPeriod, periodLimitError, periodLimits } from './period-limits.js';
import type { Holds } from './holds.js';
import type { Inventory } from './inventory.js';
import { promoRefusal, type Promotions } from './promotions.js';
import { lockCustomer, openDraft, ownedDraft, ownedOrder, recordEvent, type OrderRecord } from './records.js';
import { placedRowIssues, type OrderView } from './view.js';

/** `order_has_issues` naming each row with a bad reason (`rows.N.sku_id`), as the cart shows them. */
function rowIssuesError(badReasons: readonly (number | null)[]): HttpError {
  const fields: Record<string, FieldIssue[]> = {};
  badReasons.forEach((code, i) => {
    if (code !== null) fields[`rows.${i}.sku_id`] = [issue('order_has_issues')];
  });
  return new HttpError('order_has_issues', { fields });
}

/** `minimum_order` when the items subtotal is under the minimum (or there are no rows); else null. */
function minimumOrderError(subtotal: string, rowCount: number, minimumOrderCents: number): HttpError | null {
  const minimum = checkMinimumOrder(subtotal, fromCents(minimumOrderCents));
  if (minimum.ok && rowCount > 0) return null;
  const params = { qty: formatPrice(minimum.minimum) };
  return new HttpError('minimum_order', { params, fields: { total: [issue('minimum_order', params)] } });
}

/** `max_units_per_item` naming the rows (`rows.N.amount`) above the limit (a setting lowered since); else null. */
function itemLimitError(amounts: readonly number[], max: number): HttpError | null {
  const fields: Record<string, FieldIssue[]> = {};
  amounts.forEach((amount, i) => {
    const refused = overItemLimit(amount, max);
    if (refused) fields[`rows.${i}.amount`] = [refused];
  });
  return Object.keys(fields).length > 0 ? draftRowsError(fields) : null;
}

/**
 * The items of holds of this customer that ended unpaid (holds.ts `recordEndedHold`), by the
 * SDK's `heldItemsWait`: throws `hold_cooldown` naming the rows still in their cooldown; else
 * answers when the earliest hold taken back early would have ended (the new hold goes no further),
 * or null.
 */
async function heldItemsWaitOf(tx: DbOrTx, customerId: number, skuIds: number[], now: Date, cooldownMs: number) {
  if (skuIds.length === 0) return null;
  const ended = await tx
    .select({ skuId: heldItems.skuId, holdEndsAt: heldItems.holdEndsAt })
    .from(heldItems)
    .where(and(eq(heldItems.customerId, customerId), inArray(heldItems.skuId, skuIds)));
  const wait = heldItemsWait({ skuIds, ended, now, cooldownMs });
  if (wait.allowed) return wait.continuedUntil;
  const { code, params } = wait;
  const fields = Object.fromEntries(wait.rows.map((row) => [`rows.${row}.sku_id`, [issue(code, params)]]));
  throw new HttpError(code, { params, extra: { params }, fields });
}

/**
 * The most an unpaid order of this customer may be worth (the SDK's `holdValueLimitCents`): the
 * allowance left on their benefit cards used for payments, the store balance when that method is
 * on, plus HOLD_VALUE_OTHER_CARDS for a card typed at checkout.
 */
async function payableCents(tx: DbOrTx, customerId: number, config: Pick<AppConfig, 'paymentMethods' | 'holdValueOtherCardsCents'>) {
  const [onCards] = await tx
    .select({ cents: sql<number>`coalesce(sum(${cards.balanceCents}), 0)::int` })
    .from(cards)
    .where(and(eq(cards.customerId, customerId), eq(cards.usedForPayments, true)));
  const [customer] = await tx.select({ balanceCents: customers.balanceCents }).from(customers).where(eq(customers.id, customerId));
  return holdValueLimitCents({
    cardsCents: Number(onCards?.cents ?? 0),
    balanceCents: config.paymentMethods.includes('balance') ? (customer?.balanceCents ?? 0) : null,
    otherCardsCents: config.holdValueOtherCardsCents,
  });
}

/**
 * Pay checks again what complete checked, as things stand now, in the pay's transaction and
 * before any charge: every row against the product's status and stock (the order's own held units
 * count as its own; the plan is the paying card's, payments.ts), the plan's per-period item
 * limits, then the minimum order (a setting may have changed). Throws `order_has_issues` naming
 * the rows, `period_limit_reached`, or `minimum_order`.
 */
export async function recheckPlacedOrder(exec: DbOrTx, order: OrderRecord, minimumOrderCents: number, now: Date): Promise<void> {
  const rows = await placedRowIssues(exec, order);
  if (rows.some((row) => row.badReasonCode !== null)) throw rowIssuesError(rows.map((row) => row.badReasonCode));
  // The plan's per-period limits (issue 31): the customer's other counting orders of the period
  // (placed since, or a limit lowered) may leave fewer units than this order holds.
  const limits = await periodLimits(exec, order.customerId, rows.map((row) => row.skuId), now, order.id);
  const overPeriod = periodLimitError(rows, limits, (i) => `rows.${i}.amount`);
  if (overPeriod) throw overPeriod;
  const belowMinimum = minimumOrderError(fromCents(order.subtotalCents), rows.length, minimumOrderCents);
  if (belowMinimum) throw belowMinimum;
}

export function createCheckout(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  customers: CustomersService;
  view: OrderView;
  drafts: Pick<Drafts, 'prepareDraft'>;
  inventory: Inventory;
  holds: Pick<Holds, 'reopen' | 'sweepFor'>;
  promotions: Pick<Promotions, 'check' | 'redeem'>;
}) {
  const { db, clock, config, inventory, holds, promotions } = deps;
  const { view } = deps.view;

  return {
    /**
     * Places the draft: every check of the spec, then stock reserved in this one transaction.
     * Answers the placed order with its number (kept if it had one, e.g. back from draft).
     */
    async complete(customerId: number, orderId: number, lang: Lang): Promise<PlacedOrder> {
      const placedOrder = await db.transaction(async (tx) => {
        // The customer's row first, then the draft (holds.ts gives the order of locks): two
        // completes, a back-to-draft and a sweep of one customer run one after the other, so a
        // second unpaid order cannot slip in beside the first.
        await lockCustomer(tx, customerId);
        const order = await ownedDraft(tx, customerId, orderId, true);
        const now = clock.now();
        // An order whose hold has ended does not count: it is going back to the cart.
        const [waiting] = await tx
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(
            and(
              eq(orders.customerId, customerId),
              eq(orders.status, ORDER_STATUS.waitingForPayment),
              gt(orders.payableUntil, now),
            ),
          )
          .orderBy(desc(orders.payableUntil))
          .limit(1);
        if (waiting) {
          const params = { number: waiting.number ?? String(100000 + waiting.id) };
          throw new HttpError('unpaid_order_exists', { params, extra: { params } });
        }
        // The code checked again under its row's lock (FOR UPDATE, after the customer's row and
        // the draft, before products): two customers cannot both take its last use, and the
        // customer's lock above keeps one customer's tabs from using it twice.
        const promo = order.promoCode
          ? await promotions.check(tx, order.promoCode, { customerId, orderId: order.id }, true)
          : null;
        if (promo && !promo.ok) throw promoRefusal(promo);
        const { draft, cents } = await view(tx, order, lang, true);
        if (cartIssues(draft.rows).blocked) throw rowIssuesError(draft.rows.map((row) => row.badReasonCode));
        const belowMinimum = minimumOrderError(draft.totals.subtotal, draft.rows.length, config.minimumOrderCents);
        if (belowMinimum) throw belowMinimum;
        const address = draft.deliveryAddress;
        const stateIssue = address ? validateState(address.state, config.deliveryStates) : null;
        if (!address || stateIssue) {
          throw new HttpError('delivery_address_required', {
            fields: { deliveryAddress: [stateIssue ? stateIssue : issue('delivery_address_required')] },
          });
        }
        const customer = await deps.customers.get(customerId, tx);
        const missing = missingProfileFields(customer, config.requiredProfileFields);
        if (missing.length > 0) {
          throw new HttpError('profile_incomplete', {
            fields: Object.fromEntries(missing.map((field) => [field, [issue('required')]])),
          });
        }
        // What one customer may hold (issue 32), checked under the customer's lock taken above,
        // so two places of one customer cannot both pass: units per item, items of an ended hold
        // (continued, or waiting the cooldown), and the order's value against the money that can
        // pay it.
        const overLimit = itemLimitError(draft.rows.map((row) => row.amount), config.maxUnitsPerItem);
        if (overLimit) throw overLimit;
        // The plan's per-period item limits (issue 31), against the customer's counting orders of
        // the period, under the same lock: two places cannot both take the period's last units.
        const rowUnits = draft.rows.map((row) => ({ skuId: row.sku.id, amount: row.amount }));
        const overPeriod = periodLimitError(rowUnits, await periodLimits(tx, customerId, rowUnits.map((r) => r.skuId), now), (i) => `rows.${i}.amount`);
        if (overPeriod) throw overPeriod;
        const continuedUntil = await heldItemsWaitOf(tx, customerId, draft.rows.map((row) => row.sku.id), now, config.holdCooldownMs);
        const overValue = holdValueRefusal({ totalCents: cents.totalCents, limitCents: await payableCents(tx, customerId, config) });
        if (overValue) {
          const { code, params } = overValue;
          throw new HttpError(code, { params, extra: { params }, fields: { total: [issue(code, params)] } });
        }
        const short = await inventory.reserve(tx, order.id);
        if (short !== null) {
          const index = draft.rows.findIndex((r) => r.sku.id === short);
          throw new HttpError('order_has_issues', { fields: { [`rows.${index}.amount`]: [issue('cannot_add_more')] } });
        }
        const number = order.number ?? String(100000 + order.id);
        // The hold ends with the benefit period it is placed in, if that comes first (issue 31,
        // item 5): the period's allowance cannot pay after it.
        const plan = await customerPlanPeriod(tx, customerId);
        const hold = holdEnd({
          now,
          holdMs: config.unpaidOrderMs,
          periodEndsAt: plan ? benefitPeriodOf(now, plan.period).endsAt : null,
          continuedUntil,
        });
        const [placed] = await tx
          .update(orders)
          .set({
            status: ORDER_STATUS.waitingForPayment,
            number,
            placedAt: now,
            // A hold of these items taken back to the cart goes on to its own end, not renewed;
            // no hold goes past the period's end.
            payableUntil: hold.until,
            updatedAt: now,
            deliveryAddress: { ...address },
            ...cents,
          })
          .where(eq(orders.id, order.id))
          .returning();
        // The use of the code counts from now (given back if the order returns to a draft or is cancelled).
        if (promo?.ok) await promotions.redeem(tx, placed!, promo.promo);
        await recordEvent(tx, clock, order.id, ORDER_STATUS.waitingForPayment);
        return { ...(await view(tx, placed!, lang)).draft, number };
      });
      // An ended hold of the customer did not block this order; it goes back to the cart now
      // (after, not before: before, it would have taken this draft's rows with it).
      await holds.sweepFor(customerId);
      return placedOrder;
    },

    /**
     * A placed, unpaid order becomes the open draft again (the open draft merged into it, its
     * reservation released: holds.ts `reopen`, the same as when its hold ends). An order whose
     * hold ended is back in the cart already: `order_payment_time_over`.
     */
    async backToDraft(customerId: number, orderId: number, lang: Lang) {
      await holds.sweepFor(customerId);
      return db.transaction(async (tx) => {
        const order = await ownedOrder(tx, customerId, orderId, true);
        if (order.status === ORDER_STATUS.draft && order.payableUntil) throw new HttpError('order_payment_time_over');
        if (order.status !== ORDER_STATUS.waitingForPayment) {
          throw new HttpError('order_not_waiting_for_payment', {
            fields: { status: [issue('order_not_waiting_for_payment')] },
          });
        }
        const reopened = await holds.reopen(tx, order, 'back to draft', false);
        return (await view(tx, reopened, lang, true)).draft;
      });
    },

    async getDelivery(customerId: number) {
      const draft = await openDraft(db, customerId);
      if (!draft) return { orderId: null, address: null };
      let address: Address | null = null;
      if (draft.deliveryAddressId) {
        const [a] = await db
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, draft.deliveryAddressId), isNull(addresses.deletedAt)));
        if (a) address = toAddress(a);
      }
      return { orderId: draft.id, address };
    },

    async setDelivery(customerId: number, addressId: number, lang: Lang) {
      const [address] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId), isNull(addresses.deletedAt)));
      if (!address) throw errors.notFound();
      const stateIssue = validateState(address.state, config.deliveryStates);
      if (stateIssue) throw validationError({ addressId: [stateIssue] });
      const draft = await deps.drafts.prepareDraft(customerId, undefined);
      const [updated] = await db
        .update(orders)
        .set({ deliveryAddressId: address.id, updatedAt: clock.now() })
        .where(eq(orders.id, draft.id))
        .returning();
      return (await view(db, updated!, lang, true)).draft;
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
