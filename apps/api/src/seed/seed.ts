/**
 * Demo data: health plans, the Welcome10 promo, categories, a generated bilingual catalog, sandbox
 * test cards and one demo customer per card type (see README "Demo data"). Idempotent: base rows
 * are inserted when missing, and products are added until the catalog holds the asked count.
 *
 * Production has no demo: a production start seeds nothing (`seedAtStart`); a new production
 * shop gets its catalog alone (plans, categories, products: `seedCatalog`, `ops catalog:seed`).
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  addresses,
  cards,
  categories,
  customers,
  emails,
  healthPlans,
  phones,
  products,
  promoCodes,
  sandboxAccounts,
} from '../db/schema.js';
import { hashPassword, keyedHash } from '../lib/crypto.js';
import { productImagePath } from '@otc/sdk/rules';
import { announcePublicDataChange } from '../lib/public-data.js';
import { CATEGORY_DATA } from './catalog-data.js';
import { DEFAULT_PRODUCT_COUNT, productSpec } from './catalog.js';
import { seedSynonyms } from '../services/synonyms.js';

export const HEALTH_PLANS = [
  { code: 'cl1', name: 'Clear Living One', company: 'Clear Living Health' },
  { code: 'ep', name: 'Evergreen Plus', company: 'Evergreen Benefits' },
  { code: 'uhc', name: 'Union Health Choice', company: 'Union Health' },
  { code: 'wc', name: 'Westcoast Care', company: 'Westcoast Health Plans' },
  { code: 'fc', name: 'Family Care Advantage', company: 'Family Care Partners' },
  { code: 'hum', name: 'Harbor Medicare Select', company: 'Harbor Health' },
  { code: 'mhc', name: 'Meadow Health Connect', company: 'Meadow Health' },
  { code: 'uhp', name: 'Unity Health Partners', company: 'Unity Health' },
];

/**
 * The plan of the sandbox test cards (issue 33): loaded with the sandbox ledger (the demo and
 * development), never by `ops catalog:seed` into a new shop's catalog.
 */
export const SANDBOX_PLAN = { code: 'dev', name: 'Developer Test Plan', company: 'Sandbox Health' } as const;

/**
 * The demo plans' per-period item limits (issue 31): members of these plans may order at most
 * `PERIOD_LIMIT_UNITS` a period of each item whose id ends in `PERIOD_LIMITED_ITEM_REMAINDER`.
 */
export const PERIOD_LIMITED_PLANS = ['ep', 'uhc'] as const;
export const PERIOD_LIMITED_ITEM_REMAINDER = 4;
export const PERIOD_LIMIT_UNITS = 9;

export const DEMO_PASSWORD = 'Demo1234';

/**
 * Sandbox cards: what each number does when checked or charged, and its security code (CVV).
 * The ONE table of test cards: the seed loads it into the sandbox ledger (`sandbox_accounts`),
 * the sandbox card issuer checks number and code pairs against it, and the README lists it.
 *
 * `credit` cards are credit cards for the `credit` payment method (the second configuration):
 * Luhn-valid numbers (the SDK's `isPaymentInputValid('credit', ...)`), charged by number only, so
 * they have no security code here. They are not benefit cards: the card issuer never knows them,
 * so they can neither be added to an account nor answer the guest balance check.
 *
 * `plan`: the health plan the issuer gives a benefit card; the card pays only for what that plan
 * covers (issue 32). The general test cards carry `dev`, the developer test plan, which covers
 * every product, so they pay for any order; the demo customers' cards and the `…0209` cards
 * carry one real plan each. Credit cards have none: they pay for anything.
 */
export const SANDBOX_CARDS = [
  { type: 'network', number: '6035000000000001', code: '123', behavior: 'approve', balanceCents: 25000, plan: 'dev' },
  { type: 'network', number: '6035000000000002', code: '123', behavior: 'decline', balanceCents: 25000, plan: 'dev' },
  { type: 'network', number: '6035000000000003', code: '123', behavior: 'insufficient', balanceCents: 500, plan: 'dev' },
  { type: 'network', number: '6035000000000000019', code: '123', behavior: 'approve', balanceCents: 10000, plan: 'dev' },
  // A large balance for automated suites that place many orders in one run (the e2e suite pays with it).
  { type: 'network', number: '6035000000000101', code: '123', behavior: 'approve', balanceCents: 1000000, plan: 'dev' },
  { type: 'national', number: '6036000000000001', code: '456', behavior: 'approve', balanceCents: 25000, plan: 'dev' },
  { type: 'national', number: '6036000000000002', code: '456', behavior: 'decline', balanceCents: 25000, plan: 'dev' },
  { type: 'national', number: '6036000000000003', code: '456', behavior: 'insufficient', balanceCents: 500, plan: 'dev' },
  { type: 's3', number: '6037000000000001', code: '789', behavior: 'approve', balanceCents: 25000, plan: 'dev' },
  { type: 's3', number: '6037000000000002', code: '789', behavior: 'decline', balanceCents: 25000, plan: 'dev' },
  { type: 's3', number: '6037000000000003', code: '789', behavior: 'insufficient', balanceCents: 500, plan: 'dev' },
  { type: 's3', number: '60370000000000017', code: '1234', behavior: 'approve', balanceCents: 30000, plan: 'dev' },
  // Cards of one plan each, to try what a plan's card pays for (issue 32).
  { type: 'network', number: '6035000000000209', code: '123', behavior: 'approve', balanceCents: 25000, plan: 'cl1' },
  { type: 'national', number: '6036000000000209', code: '456', behavior: 'approve', balanceCents: 25000, plan: 'ep' },
  { type: 's3', number: '6037000000000209', code: '789', behavior: 'approve', balanceCents: 25000, plan: 'uhc' },
  // The demo customers' own cards.
  { type: 'network', number: '6035000000001001', code: '321', behavior: 'approve', balanceCents: 15000, plan: 'cl1' },
  { type: 'national', number: '6036000000001001', code: '654', behavior: 'approve', balanceCents: 12000, plan: 'ep' },
  { type: 's3', number: '6037000000001001', code: '987', behavior: 'approve', balanceCents: 20000, plan: 'uhc' },
  // Credit cards (well-known test numbers); the balance is the credit left.
  { type: 'credit', number: '4242424242424242', code: null, behavior: 'approve', balanceCents: 50000, plan: null },
  { type: 'credit', number: '4000000000000002', code: null, behavior: 'decline', balanceCents: 50000, plan: null },
  { type: 'credit', number: '4000000000009995', code: null, behavior: 'insufficient', balanceCents: 500, plan: null },
] as const;

export const DEMO_CUSTOMERS = [
  {
    email: 'network.demo@example.com',
    phone: '2025550101',
    firstName: 'Rosa',
    lastName: 'Martinez',
    gender: 'F',
    birthdate: '1952-04-18',
    interfaceLanguage: 'es',
    plan: 'cl1',
    card: '6035000000001001',
    cardType: 'network',
    balanceCents: 2000,
    address: { address: '1200 Palm Avenue', city: 'Miami', state: 'FL', zip: '33130' },
  },
  {
    email: 'national.demo@example.com',
    phone: '2025550102',
    firstName: 'James',
    lastName: 'Carter',
    gender: 'M',
    birthdate: '1948-11-02',
    interfaceLanguage: 'en',
    plan: 'ep',
    card: '6036000000001001',
    cardType: 'national',
    balanceCents: 0,
    address: { address: '45 Oak Street', city: 'Columbus', state: 'OH', zip: '43215' },
  },
  {
    email: 's3.demo@example.com',
    phone: '2025550103',
    firstName: 'Linda',
    lastName: 'Nguyen',
    gender: 'F',
    birthdate: '1957-07-23',
    interfaceLanguage: 'en',
    plan: 'uhc',
    card: '6037000000001001',
    cardType: 's3',
    balanceCents: 5000,
    address: { address: '780 Mission Road', city: 'San Antonio', state: 'TX', zip: '78210' },
  },
] as const;

export const PRODUCT_BATCH = 2000;

/** The last day of the quarter of `now` (benefit allowances reset quarterly). */
function periodEnd(now: Date): string {
  const quarterEndMonth = Math.floor(now.getUTCMonth() / 3) * 3 + 3;
  const end = new Date(Date.UTC(now.getUTCFullYear(), quarterEndMonth, 0));
  return end.toISOString().slice(0, 10);
}

export interface SeedOptions {
  /** Catalog size wanted (default about 550). */
  products?: number;
  /** The server secret: card fingerprints are keyed with it. */
  secret: string;
  now?: Date;
  /** Progress lines (ops command). */
  log?: (line: string) => void;
}

export async function catalogIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}

export async function seed(db: Db, options: SeedOptions) {
  const now = options.now ?? new Date();
  const fingerprint = (digits: string) => keyedHash(options.secret, 'card-fingerprint', digits);

  // The welcome code: once per customer.
  await db.insert(promoCodes).values({ code: 'Welcome10', percentOff: 10, maxUsesPerCustomer: 1 }).onConflictDoNothing();
  // The sandbox cards' plan after the shop's (their ids are the demo's as before) and before the
  // products, so the catalog's eligibility covers every product for it.
  await db.insert(healthPlans).values(HEALTH_PLANS).onConflictDoNothing();
  await insertSandboxPlan(db);
  const { productsAdded } = await seedCatalog(db, options);
  const ending = periodEnd(now);
  await seedSandboxAccounts(db, { secret: options.secret, now });
  const demo = await seedDemoCustomers(db, { fingerprint, ending, now });
  return { productsAdded, demoCustomersAdded: demo };
}

/**
 * The sandbox cards' plan, once; it covers every product (the products seeded later are covered
 * by `seedProducts`, which covers every plan there is; those already there are covered here).
 */
async function insertSandboxPlan(db: Db): Promise<void> {
  const [added] = await db.insert(healthPlans).values(SANDBOX_PLAN).onConflictDoNothing().returning({ id: healthPlans.id });
  if (!added) return;
  await db.execute(sql`
    INSERT INTO product_plans (product_id, plan_id) SELECT p.id, ${added.id} FROM products p ON CONFLICT DO NOTHING`);
}

/**
 * The catalog alone: health plans, categories and the generated products (no promo code, no
 * sandbox card, no customer). What `ops catalog:seed` loads into a new production shop;
 * idempotent like `seed`.
 */
export async function seedCatalog(db: Db, options: { products?: number; log?: (line: string) => void } = {}) {
  const log = options.log ?? (() => {});
  await db.insert(healthPlans).values(HEALTH_PLANS).onConflictDoNothing();
  await db
    .insert(categories)
    .values(
      CATEGORY_DATA.map((c, position) => ({
        slug: c.slug,
        nameEn: c.en,
        nameEs: c.es,
        color: c.color,
        position,
      })),
    )
    .onConflictDoNothing();
  const productsAdded = await seedProducts(db, options.products ?? DEFAULT_PRODUCT_COUNT, log);
  // The words shoppers use (brands, everyday words, other names of the categories).
  await seedSynonyms(db);
  // Running servers answer the grown catalog (and its counts) at once.
  await announcePublicDataChange(db, 'catalog');
  return { productsAdded };
}

export type StartSeeding = 'demo' | 'sandbox-cards' | 'nothing';

/**
 * What a server start seeds (the caller holds the start-up advisory lock). Development and test:
 * the demo data on an empty catalog, else the sandbox test cards missing from an older data
 * folder. Production: nothing — no demo customer, no sandbox card, not even a catalog (that is
 * `ops catalog:seed`; a demo deploy runs `ops seed`).
 */
export async function seedAtStart(
  db: Db,
  options: { production: boolean; secret: string; log: (message: string, detail?: object) => void },
): Promise<StartSeeding> {
  if (options.production) return 'nothing';
  if (await catalogIsEmpty(db)) {
    options.log('empty catalog: seeding the demo data');
    const result = await seed(db, { secret: options.secret });
    options.log('demo data seeded', result);
    return 'demo';
  }
  const added = await seedSandboxAccounts(db, { secret: options.secret });
  if (added > 0) options.log('sandbox test cards added to the sandbox ledger', { added });
  return 'sandbox-cards';
}

/**
 * Adds the sandbox ledger accounts of `SANDBOX_CARDS` that are missing (by fingerprint); the
 * accounts already there keep their balances. Run by the seed and at every start, so a data
 * folder seeded before a test card was added to the table gets it too. Answers how many were added.
 */
export async function seedSandboxAccounts(db: Db, options: { secret: string; now?: Date }): Promise<number> {
  const ending = periodEnd(options.now ?? new Date());
  // The sandbox cards' own plan comes with them (a data folder seeded before it was split off too).
  await insertSandboxPlan(db);
  const added = await db
    .insert(sandboxAccounts)
    .values(
      SANDBOX_CARDS.map((card) => ({
        type: card.type,
        fingerprint: keyedHash(options.secret, 'card-fingerprint', card.number),
        last4: card.number.slice(-4),
        behavior: card.behavior,
        balanceCents: card.balanceCents,
        periodEndsAt: ending,
        planCode: card.plan,
      })),
    )
    // An account already there keeps its balance; its plan is the table's (a ledger seeded before
    // cards had plans gets them).
    .onConflictDoUpdate({ target: sandboxAccounts.fingerprint, set: { planCode: sql`excluded.plan_code` } })
    .returning({ id: sandboxAccounts.id, inserted: sql<boolean>`xmax = 0` });
  return added.filter((row) => row.inserted).length;
}

async function seedDemoCustomers(
  db: Db,
  ctx: { fingerprint: (digits: string) => string; ending: string; now: Date },
): Promise<number> {
  const planRows = await db.select().from(healthPlans);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let added = 0;
  for (const demo of DEMO_CUSTOMERS) {
    const [existing] = await db
      .select({ id: emails.id })
      .from(emails)
      .where(eq(emails.address, demo.email))
      .limit(1);
    if (existing) continue;
    const plan = planRows.find((p) => p.code === demo.plan);
    await db.transaction(async (tx) => {
      const [customer] = await tx
        .insert(customers)
        .values({
          firstName: demo.firstName,
          lastName: demo.lastName,
          gender: demo.gender,
          birthdate: demo.birthdate,
          interfaceLanguage: demo.interfaceLanguage,
          preferredCommunicationLanguage: demo.interfaceLanguage,
          preferredCommunicationMethod: 'email',
          sendNotificationByEmail: true,
          passwordHash,
          passwordUpdatedAt: ctx.now,
          healthPlanId: plan?.id ?? null,
          insuranceCompany: plan?.company ?? null,
          insuranceId: `DEMO-${demo.cardType.toUpperCase()}-0001`,
          balanceCents: demo.balanceCents,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('demo customer insert returned nothing');
      await tx.insert(emails).values({
        customerId: customer.id,
        address: demo.email,
        reg: true,
        verified: true,
      });
      await tx.insert(phones).values({
        customerId: customer.id,
        number: demo.phone,
        reg: true,
        verified: true,
      });
      await tx.insert(addresses).values({ customerId: customer.id, ...demo.address });
      const account = SANDBOX_CARDS.find((card) => card.number === demo.card);
      await tx.insert(cards).values({
        customerId: customer.id,
        type: demo.cardType,
        last4: demo.card.slice(-4),
        fingerprint: ctx.fingerprint(demo.card),
        active: true,
        usedForPayments: true,
        balanceCents: account?.balanceCents ?? 0,
        periodEndsAt: ctx.ending,
      });
    });
    added += 1;
  }
  return added;
}

/** Adds generated products until the catalog holds `target`; answers how many were added. */
export async function seedProducts(db: Db, target: number, log: (line: string) => void = () => {}) {
  const [row] = await db.select({ n: count() }).from(products);
  const start = row?.n ?? 0;
  if (start >= target) return 0;
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const [{ maxId } = { maxId: 0 }] = await db
    .select({ maxId: sql<number>`coalesce(max(${products.id}), 0)::int` })
    .from(products);

  // A large load builds the secondary indexes once at the end instead of row by row (several
  // times faster); their definitions are read back from the database, so they stay the
  // migrations' own.
  const bulk = target - start >= BULK_THRESHOLD;
  const deferred = bulk ? await dropSecondaryIndexes(db) : [];

  // Ids are given explicitly so each row carries its picture path from the start (an UPDATE
  // afterwards would recompute every generated search column).
  for (let from = start; from < target; from += PRODUCT_BATCH) {
    const to = Math.min(target, from + PRODUCT_BATCH);
    const values = [];
    for (let index = from; index < to; index += 1) {
      const spec = productSpec(index);
      const { categorySlug, ...rest } = spec;
      const id = maxId + 1 + (index - start);
      values.push({
        ...rest,
        id,
        imagePath: productImagePath(id),
        categoryId: categoryId.get(categorySlug) ?? categoryRows[0]!.id,
      });
    }
    await db.insert(products).values(values).onConflictDoNothing();
    if (target - start > PRODUCT_BATCH) log(`products: ${to}/${target}`);
  }
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT coalesce(max(id), 1) FROM products))`,
  );

  log('plan eligibility');
  // Likewise the join table's key and foreign keys are checked once, when put back, rather than
  // per row (some 900,000 rows for 100,000 products).
  const constraints = bulk ? await dropConstraints(db, 'product_plans') : [];
  // Plan eligibility: most plans cover most items; a deterministic few are not covered, and
  // personal-care items are not covered by the card-network plans.
  await db.execute(sql`
    INSERT INTO product_plans (product_id, plan_id, units_per_period)
    SELECT p.id, hp.id,
      -- Demo limits (issue 31): the demo members' plans allow 9 a period of one item in ten.
      CASE WHEN hp.code IN (${sql.join(PERIOD_LIMITED_PLANS.map((code) => sql`${code}`), sql`, `)}) AND p.id % 10 = ${PERIOD_LIMITED_ITEM_REMAINDER}
        THEN ${PERIOD_LIMIT_UNITS}::int END
    FROM products p
    CROSS JOIN health_plans hp
    JOIN categories c ON c.id = p.category_id
    WHERE p.id > ${maxId}
      -- The developer test plan (the general sandbox cards' plan) covers everything.
      AND (hp.code = 'dev' OR (
        (p.id * 7 + hp.id * 13) % 11 <> 0
        AND NOT (c.slug = 'personal-care' AND hp.code IN ('cl1', 'ep'))))
    ${bulk ? sql`` : sql`ON CONFLICT DO NOTHING`}`);
  for (const constraint of constraints) {
    log(`constraint: ${constraint.name}`);
    await db.execute(
      sql.raw(`ALTER TABLE "product_plans" ADD CONSTRAINT "${constraint.name}" ${constraint.sql}`),
    );
  }
  for (const definition of deferred) {
    log(`index: ${definition.name}`);
    await db.execute(sql.raw(definition.sql));
  }
  return target - start;
}

const BULK_THRESHOLD = 5000;

/** Drops the non-unique indexes of the catalog tables; answers their definitions. */
async function dropSecondaryIndexes(db: Db): Promise<{ name: string; sql: string }[]> {
  const result = await db.execute(sql`
    SELECT i.indexname, i.indexdef
    FROM pg_indexes i
    JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = to_regnamespace(i.schemaname)
    JOIN pg_index x ON x.indexrelid = c.oid
    WHERE i.schemaname = current_schema()
      AND i.tablename IN ('products', 'product_plans')
      AND NOT x.indisunique
      AND NOT x.indisprimary`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    indexname: string;
    indexdef: string;
  }[];
  for (const row of rows) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${row.indexname}"`));
  return rows.map((row) => ({ name: row.indexname, sql: row.indexdef }));
}

/** Drops the primary and foreign keys of a table; answers their definitions, key first. */
async function dropConstraints(db: Db, table: string): Promise<{ name: string; sql: string }[]> {
  const result = await db.execute(sql`
    SELECT conname, pg_get_constraintdef(oid) AS def
    FROM pg_constraint
    WHERE conrelid = to_regclass(${table}) AND contype IN ('p', 'f')
    ORDER BY contype DESC, conname`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    conname: string;
    def: string;
  }[];
  for (const row of rows) {
    await db.execute(sql.raw(`ALTER TABLE "${table}" DROP CONSTRAINT IF EXISTS "${row.conname}"`));
  }
  return rows.map((row) => ({ name: row.conname, sql: row.def }));
}
