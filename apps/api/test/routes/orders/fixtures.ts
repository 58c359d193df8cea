/** Shared setup of the order route tests: shoppers made directly in the database, stocked products. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addresses, customers, healthPlans, productPlans, products } from '../../../src/db/schema.js';
import type { TestApp } from '../../helpers.js';
import { bearer, call } from '../../helpers.js';

export interface Shopper {
  id: number;
  token: string;
  addressId: number;
}

/** A customer with a complete profile, a plan and an address in a delivery state. */
export async function makeShopper(
  t: TestApp,
  options: { plan?: string; balanceCents?: number; profile?: boolean; state?: string } = {},
): Promise<Shopper> {
  const db = t.database.db;
  const [plan] = await db.select().from(healthPlans).where(eq(healthPlans.code, options.plan ?? 'cl1'));
  const complete = options.profile ?? true;
  const [customer] = await db
    .insert(customers)
    .values({
      firstName: complete ? 'Test' : null,
      lastName: complete ? 'Shopper' : null,
      birthdate: complete ? '1950-01-01' : null,
      healthPlanId: plan?.id ?? null,
      balanceCents: options.balanceCents ?? 0,
    })
    .returning();
  const [address] = await db
    .insert(addresses)
    .values({ customerId: customer!.id, address: '1 Main St', city: 'Miami', state: options.state ?? 'FL', zip: '33130' })
    .returning();
  const tokens = await t.app.services.tokens.issue(customer!.id, `shopper${customer!.id}@example.com`);
  return { id: customer!.id, token: tokens.token, addressId: address!.id };
}

/** An active product covered by a plan, with its stock set to `stock` and nothing reserved. */
export async function stockedProduct(t: TestApp, plan: string, stock: number, minPriceCents = 0, skip = 0) {
  const db = t.database.db;
  const [row] = await db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .innerJoin(productPlans, eq(productPlans.productId, products.id))
    .innerJoin(healthPlans, eq(healthPlans.id, productPlans.planId))
    .where(and(eq(healthPlans.code, plan), isNull(products.status), sql`${products.priceCents} >= ${minPriceCents}`))
    .orderBy(products.id)
    .offset(skip)
    .limit(1);
  if (!row) throw new Error(`no product for plan ${plan}`);
  await db.update(products).set({ stock, reserved: 0 }).where(eq(products.id, row.id));
  return row;
}

export async function productStock(t: TestApp, id: number) {
  const [p] = await t.database.db.select({ stock: products.stock, reserved: products.reserved }).from(products).where(eq(products.id, id));
  return p!;
}

export function api(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    call(app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** Draft with `amount` of product, delivery chosen: ready to complete. */
export async function readyDraft(t: TestApp, shopper: Shopper, productId: number, amount: number) {
  const as = api(t.app, shopper.token);
  const draft = await as('POST', '/api/order/prepare-draft', {});
  const id = Number(draft.body.id);
  const set = await as('PATCH', `/api/order/${id}/sku-amount`, { sku_id: productId, amount });
  if (set.status !== 200) throw new Error(`sku-amount ${set.status} ${JSON.stringify(set.body)}`);
  const delivery = await as('PUT', '/api/order/delivery', { addressId: shopper.addressId });
  if (delivery.status !== 200) throw new Error(`delivery ${delivery.status}`);
  return id;
}

/**
 * Like `api`, but each call carries a newly issued access token: tests that move the manual clock
 * past a token's lifetime (holds of 30 minutes) keep calling as the shopper.
 */
export function shopperApi(t: TestApp, shopper: Pick<Shopper, 'id'>) {
  return async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) => {
    const { token } = await t.app.services.tokens.issue(shopper.id, `shopper${shopper.id}@example.com`);
    return call(t.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  };
}
