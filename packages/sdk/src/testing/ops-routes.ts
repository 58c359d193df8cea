/**
 * The test shop's support, settings and operations routes (as the API answers them): a contact
 * message and a product request (kept in the state), the settings with the promo codes on offer,
 * health, and the development routes (the outbox, moving an order on, setting stock).
 */
import { ORDER_STATUS } from '../constants/index.js';
import { productOr404 } from './catalog-routes.js';
import { TestShopError } from './errors.js';
import { event } from './orders.js';
import type { RouteImpls } from './routes.js';
import { activePromotions, normalizeLogin } from './state.js';

function reference(prefix: string, n: number): string {
  return `${prefix}-${String(n).padStart(6, '0')}`;
}

export const OPS_ROUTES: RouteImpls = {
  sendContactMessage: ({ shop, body }) => {
    const ref = reference('C', shop.state.contactMessages.length + 1);
    shop.state.contactMessages.push({ reference: ref, body: structuredClone(body) });
    return { reference: ref };
  },
  requestProduct: ({ shop, customer, body }) => {
    const number = reference('R', shop.state.productRequests.length + 1);
    shop.state.productRequests.push({ number, customerId: customer.id, body: structuredClone(body) });
    return { number };
  },
  settings: ({ shop }) => ({ ...structuredClone(shop.state.settings), promotions: activePromotions(shop.state, shop.now()) }),
  health: () => ({ status: 'ok' }),
  devOutbox: ({ shop, query }) => {
    const to = normalizeLogin(query.to);
    return {
      messages: shop.state.outbox
        .filter((m) => m.to === to)
        .reverse()
        .map((m) => ({ ...m })),
    };
  },
  devAdvanceOrder: ({ shop, params }) => {
    const order = shop.state.orders.find((o) => o.id === params.id);
    if (!order) throw new TestShopError('not_found');
    const next: Partial<Record<number, number>> = {
      [ORDER_STATUS.paymentVerification]: ORDER_STATUS.confirmed,
      [ORDER_STATUS.confirmed]: ORDER_STATUS.packaging,
      [ORDER_STATUS.packaging]: ORDER_STATUS.shipped,
      [ORDER_STATUS.shipped]: ORDER_STATUS.delivered,
    };
    const status = next[order.status];
    if (status === undefined) throw new TestShopError('conflict');
    if (status === ORDER_STATUS.shipped) {
      order.tracking = {
        carrier: 'UPS',
        number: `1Z${String(order.id).padStart(16, '0')}`,
        url: null,
      };
    }
    if (status === ORDER_STATUS.delivered) order.deliveredAt = shop.now().toISOString();
    event(shop, order, status);
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      trackingCarrier: order.tracking?.carrier ?? null,
      trackingNumber: order.tracking?.number ?? null,
    };
  },
  devSetStock: ({ shop, params, body }) => {
    const p = productOr404(shop, params.id);
    if (body.stock < p.reserved) throw new TestShopError('conflict');
    p.stock = body.stock;
    return {
      id: p.id,
      sku: `SKU-${String(p.id).padStart(6, '0')}`,
      stock: p.stock,
      reserved: p.reserved,
      inStock: p.stock - p.reserved,
    };
  },
};
