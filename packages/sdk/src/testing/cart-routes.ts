/**
 * The test shop's cart (as the API answers it): the member's open draft, its rows (one amount,
 * units added, all rows at once), the guest cart merged in at sign-in, the promo code, and the
 * delivery address chosen for it.
 */
import { addressOf, stateIssue } from './account-routes.js';
import { invalid, issue, TestShopError } from './errors.js';
import {
  draftRowsError,
  mergeIntoDraft,
  openDraft,
  overItemLimit,
  ownedDraft,
  prepareDraft,
  setRow,
  sweepHolds,
} from './orders.js';
import type { RouteImpls } from './routes.js';
import { addressView, availableUnits, draftView, promoPercent } from './state.js';

export const CART_ROUTES: RouteImpls = {
  readCart: ({ shop, customer, locale }) => ({
    draft: customer ? draftView(shop.state, prepareDraft(shop, customer.id), locale) : null,
  }),
  prepareDraft: ({ shop, customer, body, locale }) =>
    draftView(shop.state, prepareDraft(shop, customer.id, body.agentId), locale),
  setSkuAmount: ({ shop, customer, params, body, locale }) => {
    const order = ownedDraft(shop, customer.id, params.id);
    setRow(shop, order, body.sku_id, body.amount);
    return draftView(shop.state, order, locale);
  },
  addToDraft: ({ shop, customer, body, locale }) => {
    const order = prepareDraft(shop, customer.id, body.agentId);
    const current = order.rows.find((r) => r.skuId === body.sku_id)?.amount ?? 0;
    setRow(shop, order, body.sku_id, current + body.amount);
    return draftView(shop.state, order, locale);
  },
  mergeIntoDraft: ({ shop, customer, body, locale }) => {
    const { order, ...merged } = mergeIntoDraft(shop, customer.id, body.rows, body.agentId);
    return { draft: draftView(shop.state, order, locale), ...merged };
  },
  setItems: ({ shop, customer, params, body, locale }) => {
    const order = ownedDraft(shop, customer.id, params.id);
    const fields: Record<string, ReturnType<typeof issue>[]> = {};
    body.rows.forEach((row, i) => {
      const p = shop.state.products.find((x) => x.id === row.sku_id);
      const current = order.rows.find((r) => r.skuId === row.sku_id)?.amount ?? 0;
      if (!p) fields[`rows.${i}.sku_id`] = [issue('product_not_found')];
      else if (row.amount > current) {
        const { available, orderable } = availableUnits(p);
        const overLimit = overItemLimit(shop, row.amount);
        if (overLimit) fields[`rows.${i}.amount`] = [overLimit];
        else if (!orderable || row.amount > available) fields[`rows.${i}.amount`] = [issue('cannot_add_more')];
      }
    });
    if (Object.keys(fields).length > 0) throw draftRowsError(shop, fields);
    order.rows = body.rows.map((row) => ({ skuId: row.sku_id, amount: row.amount, unitCents: null }));
    return draftView(shop.state, order, locale);
  },
  recalculate: ({ shop, customer, params, locale }) =>
    draftView(shop.state, ownedDraft(shop, customer.id, params.id), locale),
  updateOrder: ({ shop, customer, params, body, locale }) => {
    const order = ownedDraft(shop, customer.id, params.id);
    if (body.promoCode === null) order.promoCode = null;
    else if (body.promoCode !== undefined) {
      const promo = promoPercent(shop.state, body.promoCode, customer.id, order.id, shop.now());
      if ('refused' in promo) {
        throw new TestShopError(promo.refused, { fields: { promoCode: [issue(promo.refused)] } });
      }
      order.promoCode = promo.code;
    }
    return draftView(shop.state, order, locale);
  },
  getDelivery: ({ shop, customer }) => {
    sweepHolds(shop, customer.id);
    const draft = openDraft(shop, customer.id);
    if (!draft) return { orderId: null, address: null };
    const address = customer.addresses.find((a) => a.id === draft.deliveryAddressId && !a.deleted);
    return { orderId: draft.id, address: address ? addressView(address) : null };
  },
  setDelivery: ({ shop, customer, body, locale }) => {
    const address = addressOf(customer, body.addressId);
    const found = stateIssue(shop, address.state);
    if (found) throw invalid({ addressId: [found] });
    const draft = prepareDraft(shop, customer.id);
    draft.deliveryAddressId = address.id;
    return draftView(shop.state, draft, locale);
  },
};
