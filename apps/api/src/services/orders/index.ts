/**
 * Orders, split by job (no module imports another's service, only its type):
 *   records.ts     shared lookups (an order of a customer, the open draft), paid statuses, events
 *   view.ts        shaping an order for answers (rows, availability, totals in cents)
 *   promotions.ts  promo codes and their rules (dates, uses per customer and in all; the database
 *                  row is the truth; also listed in the settings) and their uses by placed orders
 *   drafts.ts      the open draft: prepare, rows, promo code, recalculate
 *   checkout.ts    delivery address, complete (place), back to draft
 *   holds.ts       an unpaid order's hold: back to the draft when it ends (swept), back to draft
 *   history.ts     the list of placed orders and one order's detail
 *   inventory.ts   EVERY stock change: reserve, release, sell, restock, set
 *   fulfilment.ts  operations: advance, cancel (refund through services/payments.ts)
 * Paying is services/payments.ts (it sells the reserved units through the inventory).
 *
 * `createOrdersService` answers the customer's order routes (drafts, checkout, history).
 */
import type { Db } from '../../db/client.js';
import type { AppConfig } from '../../env.js';
import type { Clock } from '../../lib/clock.js';
import type { CustomersService } from '../customers.js';
import { createCheckout } from './checkout.js';
import { createDrafts } from './drafts.js';
import { createHistory } from './history.js';
import { createHolds } from './holds.js';
import type { Inventory } from './inventory.js';
import type { Promotions } from './promotions.js';
import { createOrderView } from './view.js';

export { createInventory, type Inventory } from './inventory.js';
export { createFulfilment, type Fulfilment } from './fulfilment.js';
export { createPromotions, releasePromoUse, type Promotions, type Promotion } from './promotions.js';
export { ORDER_PAGE_SIZE, PAID_STATUSES } from './records.js';

export function createOrdersService(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  customers: CustomersService;
  inventory: Inventory;
  promotions: Promotions;
}) {
  const { db, clock, config, customers, inventory, promotions } = deps;
  const view = createOrderView({ clock, promotions });
  const holds = createHolds({ db, clock, inventory, cooldownMs: config.holdCooldownMs });
  const drafts = createDrafts({ db, clock, view, promotions, maxUnitsPerItem: config.maxUnitsPerItem });
  const checkout = createCheckout({ db, clock, config, customers, view, drafts, inventory, holds, promotions });
  const history = createHistory({ db, clock, config });
  /**
   * Ended holds of the customer go back to the cart first, so these answers are right without
   * waiting for the timer. Not before writes naming a draft by id (setSkuAmount, setItems, the
   * promo code): a sweep could merge that draft into the returning order under the request.
   */
  const swept =
    <A extends unknown[], R>(work: (customerId: number, ...args: A) => Promise<R>) =>
    async (customerId: number, ...args: A): Promise<R> => {
      await holds.sweepFor(customerId);
      return work(customerId, ...args);
    };
  return {
    ...drafts,
    ...checkout,
    ...history,
    prepare: swept(drafts.prepare),
    addToDraft: swept(drafts.addToDraft),
    mergeIntoDraft: swept(drafts.mergeIntoDraft),
    getDelivery: swept(checkout.getDelivery),
    setDelivery: swept(checkout.setDelivery),
    list: swept(history.list),
    detail: swept(history.detail),
    /** The customer's ended holds back to the cart now (before pay and cancel). */
    sweepFor: holds.sweepFor,
    /** Every ended hold back to the cart (the timer's job; tests and operations call it too). */
    sweepHolds: holds.sweep,
    /** The process's timer of sweeps (app.ts starts it, stops it on close). */
    startHoldTimer: holds.startTimer,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
