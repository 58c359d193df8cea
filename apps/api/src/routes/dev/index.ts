/**
 * Development routes (`devOnly` contract rows: not registered when NODE_ENV=production, and
 * answering loopback clients only, see lib/contract-routes.ts): the outbox, and the operations of
 * the `ops` command over HTTP for the end-to-end suites, through the same services.
 */
import { defineHandlers } from '../../lib/contract-routes.js';
import { HttpError } from '../../lib/errors.js';
import { OperationError } from '../../lib/operation-error.js';
import { parseLogin } from '../../services/auth.js';

/** A refused operation as an answer: a missing order or product 404, a wrong state 409. */
async function operation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OperationError) {
      throw new HttpError(error.reason === 'missing' ? 'not_found' : 'conflict', { extra: { detail: error.message } });
    }
    throw error;
  }
}

export default defineHandlers({
  devOutbox: async ({ query, services }) => services.outbox.messages(parseLogin(query.to, 'to').value),

  /** As `ops order:advance <id>`: confirmed/payment verification -> packaging -> shipped -> delivered. */
  devAdvanceOrder: async ({ params, services }) => {
    const order = await operation(() => services.fulfilment.advance(params.id));
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      trackingCarrier: order.trackingCarrier,
      trackingNumber: order.trackingNumber,
    };
  },

  /** As `ops reminders:run --as-of <day>`: the allowance reminders due that day, how many were sent. */
  devRunReminders: async ({ body, services }) => {
    const asOf = body.asOf ?? services.clock.now().toISOString().slice(0, 10);
    return { asOf, sent: await services.reminders.run(asOf) };
  },

  /** As `ops stock:set <id> <n>`: the units on hand, never below what placed orders hold. */
  devSetStock: async ({ params, body, services }) => {
    const product = await operation(() => services.inventory.setStock({ id: params.id }, body.stock));
    return {
      id: product.id,
      sku: product.sku,
      stock: product.stock,
      reserved: product.reserved,
      inStock: product.stock - product.reserved,
    };
  },
});
