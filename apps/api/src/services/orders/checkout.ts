/**
 * Checkout of the open draft: its delivery address, placing it (every check of the spec, then its
 * units reserved by the inventory, in one transaction), and a placed unpaid order going back to
 * draft (its reservation released). Paying is services/payments.ts.
 *
 * Decision (spec "not shown"): the minimum order is compared with the items subtotal before the
 * promo discount, so a code never pushes a valid cart under the minimum.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ORDER_STATUS, formatPrice } from '@otc/sdk';
import { cartIssues, fromCents, meetsMinimumOrder, missingProfileFields } from '@otc/sdk/rules';
import type { Address, PlacedOrder } from '@otc/sdk/schemas';
import { validateState } from '@otc/sdk/validation';
import type { Db } from '../../db/client.js';
import { addresses, orderRows, orders } from '../../db/schema.js';
import type { AppConfig } from '../../env.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, errors, issue, validationError, type FieldIssue, type Lang } from '../../lib/errors.js';
import { toAddress } from '../addresses.js';
import type { CustomersService } from '../customers.js';
import type { Drafts } from './drafts.js';
import type { Inventory } from './inventory.js';
import { openDraft, ownedDraft, ownedOrder, recordEvent } from './records.js';
import type { OrderView } from './view.js';

export function createCheckout(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  customers: CustomersService;
  view: OrderView;
  drafts: Pick<Drafts, 'prepareDraft'>;
  inventory: Inventory;
}) {
  const { db, clock, config, inventory } = deps;
  const { view } = deps.view;

  return {
    /**
     * Places the draft: every check of the spec, then stock reserved in this one transaction.
     * Answers the placed order with its number (kept if it had one, e.g. back from draft).
     */
    async complete(customerId: number, orderId: number, lang: Lang): Promise<PlacedOrder> {
      return db.transaction(async (tx) => {
        const order = await ownedDraft(tx, customerId, orderId, true);
        const { draft, cents } = await view(tx, order, lang, true);
        if (cartIssues(draft.rows).blocked) {
          const fields: Record<string, FieldIssue[]> = {};
          draft.rows.forEach((row, i) => {
            if (row.badReasonCode !== null) fields[`rows.${i}.sku_id`] = [issue('order_has_issues')];
          });
          throw new HttpError('order_has_issues', { fields });
        }
        const minimum = meetsMinimumOrder(draft.totals.subtotal, fromCents(config.minimumOrderCents));
        if (!minimum.ok || draft.rows.length === 0) {
          const params = { qty: formatPrice(minimum.minimum) };
          throw new HttpError('minimum_order', { params, fields: { total: [issue('minimum_order', params)] } });
        }
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
        const short = await inventory.reserve(tx, order.id);
        if (short !== null) {
          const index = draft.rows.findIndex((r) => r.sku.id === short);
          throw new HttpError('order_has_issues', { fields: { [`rows.${index}.amount`]: [issue('cannot_add_more')] } });
        }
        const now = clock.now();
        const number = order.number ?? String(100000 + order.id);
        const [placed] = await tx
          .update(orders)
          .set({
            status: ORDER_STATUS.waitingForPayment,
            number,
            placedAt: now,
            updatedAt: now,
            deliveryAddress: { ...address },
            ...cents,
          })
          .where(eq(orders.id, order.id))
          .returning();
        await recordEvent(tx, clock, order.id, ORDER_STATUS.waitingForPayment);
        return { ...(await view(tx, placed!, lang)).draft, number };
      });
    },

    /** A placed, unpaid order becomes the open draft again; its reservation is released. */
    async backToDraft(customerId: number, orderId: number, lang: Lang) {
      return db.transaction(async (tx) => {
        const order = await ownedOrder(tx, customerId, orderId, true);
        if (order.status !== ORDER_STATUS.waitingForPayment) {
          throw new HttpError('order_not_waiting_for_payment', {
            fields: { status: [issue('order_not_waiting_for_payment')] },
          });
        }
        await inventory.release(tx, order.id);
        // A draft opened since then is merged in (the larger amount wins) and removed.
        const other = await openDraft(tx, customerId);
        if (other) {
          const mine = new Map(
            (await tx.select().from(orderRows).where(eq(orderRows.orderId, order.id))).map((r) => [r.skuId, r]),
          );
          for (const row of await tx.select().from(orderRows).where(eq(orderRows.orderId, other.id))) {
            const same = mine.get(row.skuId);
            if (!same) {
              await tx
                .insert(orderRows)
                .values({ orderId: order.id, skuId: row.skuId, amount: row.amount, unitPriceCents: row.unitPriceCents });
            } else if (row.amount > same.amount) {
              await tx.update(orderRows).set({ amount: row.amount }).where(eq(orderRows.id, same.id));
            }
          }
          await tx.delete(orders).where(eq(orders.id, other.id));
        }
        const [reopened] = await tx
          .update(orders)
          .set({ status: ORDER_STATUS.draft, placedAt: null, updatedAt: clock.now() })
          .where(eq(orders.id, order.id))
          .returning();
        await recordEvent(tx, clock, order.id, ORDER_STATUS.draft, 'back to draft');
        return (await view(tx, reopened!, lang, true)).draft;
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
