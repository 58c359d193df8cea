/**
 * The order subcommands of the operations command (src/ops.ts), kept apart so tests run them on a
 * test database:
 *   order:advance <id>   confirmed/paymentVerification -> packaging -> shipped -> delivered
 *   order:cancel <id>    cancels; releases the reservation (unpaid) or restocks and refunds (paid)
 *   stock:set <sku> <n>  units on hand of a product (SKU code or id)
 */
import { ORDER_STATUS } from '@otc/sdk';
import { fromCents } from '@otc/sdk/rules';
import type { Db } from '../db/client.js';
import type { AppConfig } from '../env.js';
import type { Clock } from '../lib/clock.js';
import { keyedHash } from '../lib/crypto.js';
import { createCardProofs } from './card-proofs.js';
import { createFulfilment, createInventory } from './orders/index.js';
import { sandboxGateways } from './payment-gateways/sandbox.js';
import { createPaymentsService } from './payments.js';

export const ORDER_COMMANDS = ['order:advance', 'order:cancel', 'stock:set', 'card:unlock'] as const;

export const ORDER_USAGE = `  order:advance <id>      confirmed/payment verification -> packaging -> shipped (tracking number) -> delivered
  order:cancel <id>       cancel a placed order (releases reserved stock, or restocks and refunds a paid one)
  stock:set <sku> <n>     set the units on hand of a product (SKU code or id)
  card:unlock <number>    support, after the cardholder called: a card's code checks locked by wrong codes work again`;

function orderId(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !Number.isInteger(id) || id <= 0) throw new Error('an order id (a positive whole number) is needed');
  return id;
}

export interface OrderCommandDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  /** The server secret: card fingerprints are keyed with it. */
  secret: string;
}

/** Runs one subcommand; answers the line to print. Errors throw with a readable message. */
export async function runOrderCommand(
  deps: OrderCommandDeps,
  command: string,
  args: string[],
): Promise<string> {
  const { db, clock, config, secret } = deps;
  const fingerprint = (digits: string) => keyedHash(secret, 'card-fingerprint', digits);
  const gateways = sandboxGateways(fingerprint);
  const inventory = createInventory({ db, clock });
  const cardProofs = createCardProofs({ db, clock, fingerprint, supportPhone: config.supportPhone });
  const payments = createPaymentsService({ db, clock, config, gateways, inventory, cardProofs });
  const fulfilment = createFulfilment({ db, clock, inventory, payments });
  switch (command) {
    case 'order:advance': {
      const order = await fulfilment.advance(orderId(args[0]));
      const tracking = order.status === ORDER_STATUS.shipped && order.trackingNumber ? ` (${order.trackingCarrier} ${order.trackingNumber})` : '';
      return `order ${order.id} (#${order.number}) is now ${order.status}${tracking}`;
    }
    case 'order:cancel': {
      const { order, refund } = await fulfilment.cancel(orderId(args[0]));
      const refunded = refund ? `, ${fromCents(refund.amountCents)} refunded to ${refund.method}` : '';
      return `order ${order.id} (#${order.number}) is cancelled${refunded}`;
    }
    case 'stock:set': {
      const [sku, raw] = args;
      const stock = Number(raw);
      if (!sku || raw === undefined || !/^\d+$/.test(raw)) throw new Error('usage: stock:set <sku> <n>');
      const product = await inventory.setStock(sku, stock);
      return `product ${product.sku} (id ${product.id}): stock ${product.stock}, reserved ${product.reserved}`;
    }
    case 'card:unlock': {
      const digits = (args[0] ?? '').replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits)) throw new Error('usage: card:unlock <card number>');
      const wasLocked = await cardProofs.unlock(digits);
      // Never the number in the output (logs): its last four only.
      return `card ending in ${digits.slice(-4)}: ${wasLocked ? 'unlocked' : 'was not locked'}; its wrong codes in a row start again from 0`;
    }
    default:
      throw new Error(`unknown command "${command}"`);
  }
}
