/**
 * A small shop of its own for the suggested basket and reminder tests (issue 31): one plan per
 * call (so the plan's staples, cached per plan, start fresh), a category, products with known
 * prices, stock and coverage, a member with an active card and purchase history.
 */
import { randomUUID } from 'node:crypto';
import { cards, categories, customers, emails, healthPlans, orderRows, orders, phones, productPlans, products } from '../../../src/db/schema.js';
import type { Db } from '../../../src/db/client.js';

export interface ProductSpec {
  key: string;
  priceCents: number;
  stock: number;
  covered: boolean;
  status?: 0 | -1 | null;
  /** The world's second category instead of its first. */
  second?: boolean;
}

export interface World {
  plan: { id: number; code: string; name: string };
  ids: Record<string, number>;
}

/** A plan and its products (names `Item <key>` / `Artículo <key>`) in two categories, in the catalog order given. */
export async function makeWorld(db: Db, specs: ProductSpec[]): Promise<World> {
  const tag = randomUUID().slice(0, 8);
  const [plan] = await db
    .insert(healthPlans)
    .values({ code: `p${tag}`, name: `Plan ${tag}`, company: 'Test Health' })
    .returning();
  const [category, other] = await db
    .insert(categories)
    .values([
      { slug: `c-${tag}`, nameEn: 'Everyday', nameEs: 'Diario' },
      { slug: `d-${tag}`, nameEn: 'Cold', nameEs: 'Resfriado' },
    ])
    .returning();
  const ids: Record<string, number> = {};
  for (const spec of specs) {
    const [product] = await db
      .insert(products)
      .values({
        sku: `B-${tag}-${spec.key}`,
        categoryId: (spec.second ? other : category)!.id,
        nameEn: `Item ${spec.key}`,
        nameEs: `Artículo ${spec.key}`,
        brand: 'Brand',
        manufacturer: 'Maker',
        priceCents: spec.priceCents,
        stock: spec.stock,
        status: spec.status ?? null,
      })
      .returning({ id: products.id });
    ids[spec.key] = product!.id;
    if (spec.covered) await db.insert(productPlans).values({ productId: product!.id, planId: plan!.id });
  }
  return { plan: { id: plan!.id, code: plan!.code, name: plan!.name }, ids };
}

export interface MemberSpec {
  planId: number | null;
  email?: string;
  lang?: 'en' | 'es';
  firstName?: string;
  /** The active card's balance and period end; none without. */
  card?: { balanceCents: number; periodEndsAt: string };
  /** A confirmed phone that takes texts. */
  phone?: string;
  reminders?: 'email' | 'sms' | 'off';
}

export async function makeMember(db: Db, spec: MemberSpec): Promise<number> {
  const [customer] = await db
    .insert(customers)
    .values({
      firstName: spec.firstName ?? null,
      healthPlanId: spec.planId,
      interfaceLanguage: spec.lang ?? 'en',
      allowanceReminders: spec.reminders ?? 'email',
    })
    .returning({ id: customers.id });
  const id = customer!.id;
  if (spec.email) await db.insert(emails).values({ customerId: id, address: spec.email, reg: true, verified: true });
  if (spec.phone) await db.insert(phones).values({ customerId: id, number: spec.phone, reg: !spec.email, verified: true, receiveSms: true });
  if (spec.card) {
    await db.insert(cards).values({
      customerId: id,
      type: 'network',
      last4: '0001',
      fingerprint: `fp-${randomUUID()}`,
      active: true,
      balanceCents: spec.card.balanceCents,
      periodEndsAt: spec.card.periodEndsAt,
    });
  }
  return id;
}

/** An order of the customer in a status, placed on a day, with rows `{ productId: amount }`. */
export async function makeOrder(db: Db, customerId: number, status: number, placedOn: string, rows: Record<number, number>) {
  const [order] = await db
    .insert(orders)
    .values({ customerId, status, number: randomUUID().slice(0, 12), placedAt: new Date(`${placedOn}T15:00:00Z`) })
    .returning({ id: orders.id });
  for (const [skuId, amount] of Object.entries(rows)) {
    await db.insert(orderRows).values({ orderId: order!.id, skuId: Number(skuId), amount, unitPriceCents: 100 });
  }
  return order!.id;
}
