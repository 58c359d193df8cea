import { readFileSync } from 'node:fs';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TYPES, PLAN_CODES, type CardType } from '@otc/sdk';
import { isPaymentInputValid } from '@otc/sdk/rules';
import { validateCardNumber } from '@otc/sdk/validation';
import { categories, healthPlans, productPlans, products, promoCodes, sandboxAccounts } from '../../src/db/schema.js';
import { keyedHash } from '../../src/lib/crypto.js';
import { DEFAULT_PRODUCT_COUNT, productSpec } from '../../src/seed/catalog.js';
import { SANDBOX_CARDS, seed, seedProducts, seedSandboxAccounts } from '../../src/seed/seed.js';
import { openTestDatabase, TEST_SECRET } from '../helpers.js';
import type { Database } from '../../src/db/client.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seed(database.db, { secret: TEST_SECRET });
});
afterAll(async () => drop?.());

describe('demo catalog', () => {
  it('has at least 400 products in at least 14 categories', async () => {
    const db = database.db;
    const [productCount] = await db.select({ n: count() }).from(products);
    const [categoryCount] = await db.select({ n: count() }).from(categories);
    expect(productCount?.n).toBe(DEFAULT_PRODUCT_COUNT);
    expect(DEFAULT_PRODUCT_COUNT).toBeGreaterThanOrEqual(400);
    expect(categoryCount?.n).toBeGreaterThanOrEqual(14);
    const perCategory = await db
      .select({ id: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId);
    expect(perCategory.length).toBe(categoryCount?.n);
  });

  it('mixes stock, statuses and plan eligibility', async () => {
    const db = database.db;
    const [outOfStock] = await db.select({ n: count() }).from(products).where(eq(products.stock, 0));
    const [inactive] = await db.select({ n: count() }).from(products).where(eq(products.status, 0));
    const [discontinued] = await db.select({ n: count() }).from(products).where(eq(products.status, -1));
    const [active] = await db.select({ n: count() }).from(products).where(isNull(products.status));
    expect(outOfStock?.n).toBeGreaterThan(0);
    expect(inactive?.n).toBeGreaterThan(0);
    expect(discontinued?.n).toBeGreaterThan(0);
    expect(active?.n).toBeGreaterThan(DEFAULT_PRODUCT_COUNT * 0.8);
    const plans = await db.select().from(healthPlans);
    expect(plans.map((p) => p.code).sort()).toEqual([...PLAN_CODES].sort());
    const [links] = await db.select({ n: count() }).from(productPlans);
    expect(links?.n).toBeGreaterThan(DEFAULT_PRODUCT_COUNT * plans.length * 0.7);
    expect(links?.n).toBeLessThan(DEFAULT_PRODUCT_COUNT * plans.length);
    const [promo] = await db.select().from(promoCodes);
    expect(promo).toMatchObject({ code: 'Welcome10', percentOff: 10 });
    const [accounts] = await db.select({ n: count() }).from(sandboxAccounts);
    expect(accounts?.n).toBe(SANDBOX_CARDS.length);
  });

  it('names every product in English and Spanish, with pictures served by the API', async () => {
    const rows = await database.db.select().from(products).limit(600);
    for (const row of rows) {
      expect(row.nameEn).not.toBe(row.nameEs);
      expect(row.descriptionEs.length).toBeGreaterThan(20);
      expect(row.imagePath).toBe(`/api/images/products/${row.id}.svg`);
      expect(row.priceCents).toBeGreaterThan(0);
    }
    expect(productSpec(0)).toEqual(productSpec(0));
    expect(rows.some((r) => r.nameEs.includes('Acetaminofén'))).toBe(true);
  });

  it('supports bilingual, accent-insensitive search over the generated columns', async () => {
    const spanish = await database.db
      .select({ name: products.nameEs })
      .from(products)
      .where(sql`${products.searchEs} @@ plainto_tsquery('spanish', immutable_unaccent(${'acetaminofen'}))`);
    expect(spanish.length).toBeGreaterThan(0);
    expect(spanish.every((r) => /acetaminofén/i.test(r.name))).toBe(true);
    const english = await database.db
      .select({ name: products.nameEn })
      .from(products)
      .where(sql`${products.searchEn} @@ plainto_tsquery('english', ${'vitamin c'})`);
    expect(english.some((r) => r.name.includes('Vitamin C'))).toBe(true);
    const fuzzy = await database.db
      .select({ name: products.nameEn })
      .from(products)
      .where(sql`immutable_unaccent(lower(${products.nameEn})) % ${'ibuprofn 200 mg tablets'}`)
      .limit(5);
    expect(fuzzy.length).toBeGreaterThan(0);
  });

  it('is idempotent and grows the catalog to the asked size', async () => {
    const again = await seed(database.db, { secret: TEST_SECRET });
    expect(again).toEqual({ productsAdded: 0, demoCustomersAdded: 0 });
    expect(await seedProducts(database.db, DEFAULT_PRODUCT_COUNT + 2500)).toBe(2500);
    const [row] = await database.db.select({ n: count() }).from(products);
    expect(row?.n).toBe(DEFAULT_PRODUCT_COUNT + 2500);
    const [unique] = await database.db.select({ n: sql<number>`count(distinct ${products.nameEn})::int` }).from(products);
    expect(unique?.n).toBe(DEFAULT_PRODUCT_COUNT + 2500);
  });
});

describe('sandbox cards', () => {
  it('README "Sandbox cards" table lists exactly SANDBOX_CARDS, in order', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split('## Sandbox cards')[1]?.split('\n## ')[0] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Type') && !line.startsWith('| ---'))
      .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
    const behaviors: Record<string, string> = { approve: 'approve', decline: 'decline', 'insufficient funds': 'insufficient' };
    const documented = rows.map(([type, number, code, behavior, balance, plan]) => ({
      type,
      // "6035 0000 0000 0000 019 (19 digits)" -> the digits.
      number: number?.replace(/\(.*\)/, '').replace(/\s/g, ''),
      code: code === '—' ? null : code,
      behavior: behaviors[behavior?.replace(/\(.*\)/, '').trim() ?? ''] ?? behavior,
      balanceCents: Math.round(Number(balance) * 100),
      plan: plan === '—' ? null : plan,
    }));
    expect(documented).toEqual(SANDBOX_CARDS.map((card) => ({ ...card })));
  });

  it('benefit cards have valid lengths and codes; credit cards pass the credit input check', () => {
    const credit = SANDBOX_CARDS.filter((card) => card.type === 'credit');
    expect(credit.map((card) => card.behavior).sort()).toEqual(['approve', 'decline', 'insufficient']);
    for (const card of SANDBOX_CARDS) {
      if (card.type === 'credit') {
        expect(isPaymentInputValid('credit', { card: card.number }).valid, card.number).toBe(true);
        expect(card.code).toBeNull();
      } else {
        expect(CARD_TYPES).toContain(card.type);
        expect(validateCardNumber(card.number, card.type as CardType), card.number).toBeNull();
        expect(card.code).toMatch(/^\d{3,4}$/);
      }
    }
    expect(new Set(SANDBOX_CARDS.map((card) => card.number)).size).toBe(SANDBOX_CARDS.length);
  });

  it('a data folder seeded before a card was added gets it, keeping the balances already there', async () => {
    const db = database.db;
    const fingerprint = (digits: string) => keyedHash(TEST_SECRET, 'card-fingerprint', digits);
    // An older ledger: no credit cards yet, and one account already charged.
    await db.delete(sandboxAccounts).where(eq(sandboxAccounts.type, 'credit'));
    const charged = fingerprint('6035000000000001');
    await db.update(sandboxAccounts).set({ balanceCents: 1234 }).where(eq(sandboxAccounts.fingerprint, charged));

    expect(await seedSandboxAccounts(db, { secret: TEST_SECRET })).toBe(3);
    const accounts = await db.select().from(sandboxAccounts);
    expect(accounts).toHaveLength(SANDBOX_CARDS.length);
    expect(accounts.find((a) => a.fingerprint === charged)?.balanceCents).toBe(1234);
    const credit = accounts.filter((a) => a.type === 'credit').sort((a, b) => a.id - b.id);
    expect(credit.map((a) => [a.last4, a.behavior, a.balanceCents])).toEqual([
      ['4242', 'approve', 50000],
      ['0002', 'decline', 50000],
      ['9995', 'insufficient', 500],
    ]);
    expect(await seedSandboxAccounts(db, { secret: TEST_SECRET })).toBe(0);
  });
});
