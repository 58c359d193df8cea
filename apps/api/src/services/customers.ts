/**
 * Customers: the full `Customer` answer (emails, phones, addresses, cards, plan, balance), finding
 * an account by its sign-in login, profile updates and the health plan.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { fromCents } from '@otc/sdk/rules';
import type { Customer, CustomerPatch, HealthPlan, InsuranceCard } from '@otc/sdk/schemas';
import type { Db, DbOrTx } from '../db/client.js';
import { addresses, cards, customers, emails, healthPlans, phones } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { HttpError, errors, issue } from '../lib/errors.js';
import type { CodeTarget } from './codes.js';

type CardRow = typeof cards.$inferSelect;

export function toInsuranceCard(row: CardRow): InsuranceCard {
  return {
    id: row.id,
    type: row.type as InsuranceCard['type'],
    last4: row.last4,
    addedAt: row.addedAt.toISOString(),
    active: row.active,
    usedForPayments: row.usedForPayments,
    balance: fromCents(row.balanceCents),
    periodEndsAt: row.periodEndsAt,
  };
}

function birthdateStr(date: string | null): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
}

export function createCustomersService(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;

  return {
    /** Whether the customer still exists (one primary-key lookup). */
    async exists(customerId: number, exec: DbOrTx = db): Promise<boolean> {
      const [row] = await exec.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return row !== undefined;
    },

    /** The account whose primary (sign-in) e-mail or phone is `login`. */
    async findByLogin(login: CodeTarget, exec: DbOrTx = db): Promise<number | null> {
      if (login.kind === 'email') {
        const [row] = await exec
          .select({ id: emails.customerId })
          .from(emails)
          .where(and(eq(emails.address, login.value), eq(emails.reg, true), eq(emails.verified, true)))
          .limit(1);
        return row?.id ?? null;
      }
      const [row] = await exec
        .select({ id: phones.customerId })
        .from(phones)
        .where(and(eq(phones.number, login.value), eq(phones.reg, true), eq(phones.verified, true)))
        .limit(1);
      return row?.id ?? null;
    },

    /** Whether any account has verified this e-mail or phone (registration must not reuse it). */
    async isLoginTaken(login: CodeTarget, exec: DbOrTx = db): Promise<boolean> {
      const rows =
        login.kind === 'email'
          ? await exec
              .select({ id: emails.id })
              .from(emails)
              .where(and(eq(emails.address, login.value), eq(emails.verified, true)))
              .limit(1)
          : await exec
              .select({ id: phones.id })
              .from(phones)
              .where(and(eq(phones.number, login.value), eq(phones.verified, true)))
              .limit(1);
      return rows.length > 0;
    },

    /** The login written in the access token: the primary e-mail, else the primary phone. */
    async username(customerId: number, exec: DbOrTx = db): Promise<string | null> {
      const [email] = await exec
        .select({ address: emails.address })
        .from(emails)
        .where(and(eq(emails.customerId, customerId), eq(emails.reg, true)))
        .limit(1);
      if (email) return email.address;
      const [phone] = await exec
        .select({ number: phones.number })
        .from(phones)
        .where(and(eq(phones.customerId, customerId), eq(phones.reg, true)))
        .limit(1);
      return phone?.number ?? null;
    },

    /** The full Customer answer; 404 when the account does not exist (any more). */
    async get(customerId: number, exec: DbOrTx = db): Promise<Customer> {
      const [row] = await exec
        .select({ customer: customers, plan: healthPlans })
        .from(customers)
        .leftJoin(healthPlans, eq(healthPlans.id, customers.healthPlanId))
        .where(eq(customers.id, customerId))
        .limit(1);
      if (!row) throw errors.notFound('account_not_found');
      const [emailRows, phoneRows, addressRows, cardRows] = await Promise.all([
        exec.select().from(emails).where(eq(emails.customerId, customerId)).orderBy(asc(emails.id)),
        exec.select().from(phones).where(eq(phones.customerId, customerId)).orderBy(asc(phones.id)),
        exec
          .select()
          .from(addresses)
          .where(and(eq(addresses.customerId, customerId), isNull(addresses.deletedAt)))
          .orderBy(asc(addresses.id)),
        exec.select().from(cards).where(eq(cards.customerId, customerId)).orderBy(asc(cards.id)),
      ]);
      const c = row.customer;
      const insuranceCards = cardRows.map(toInsuranceCard);
      const login =
        emailRows.find((e) => e.reg)?.address ?? phoneRows.find((p) => p.reg)?.number ?? '';
      const name = [c.firstName, c.lastName].filter(Boolean).join(' ') || login;
      return {
        id: c.id,
        name,
        gender: (c.gender as Customer['gender']) ?? null,
        birthdate: c.birthdate,
        birthdateStr: birthdateStr(c.birthdate),
        firstName: c.firstName,
        middleName: c.middleName,
        lastName: c.lastName,
        organization: c.organization,
        emails: emailRows.map((e) => ({
          id: e.id,
          address: e.address,
          reg: e.reg,
          verified: e.verified,
          receiveMarketingMailing: e.receiveMarketingMailing,
        })),
        phones: phoneRows.map((p) => ({
          id: p.id,
          number: p.number,
          reg: p.reg,
          verified: p.verified,
          receiveSms: p.receiveSms,
          allowMarketingCalls: p.allowMarketingCalls,
        })),
        addresses: addressRows.map((a) => ({
          id: a.id,
          address: a.address,
          address2: a.address2,
          city: a.city,
          state: a.state,
          zip: a.zip,
          facilityAddress: a.facilityAddress,
        })),
        balance: fromCents(c.balanceCents),
        insuranceCards,
        activeInsuranceCard: insuranceCards.find((card) => card.active) ?? null,
        insuranceCompany: c.insuranceCompany ?? row.plan?.company ?? null,
        insuranceId: c.insuranceId,
        insurancePlan: row.plan ? { code: row.plan.code, name: row.plan.name } : null,
        interfaceLanguage: c.interfaceLanguage === 'es' ? 'es' : 'en',
        preferredCommunicationLanguage:
          (c.preferredCommunicationLanguage as Customer['preferredCommunicationLanguage']) ?? null,
        preferredCommunicationMethod:
          (c.preferredCommunicationMethod as Customer['preferredCommunicationMethod']) ?? null,
        isMarketingEnabled: c.isMarketingEnabled,
        sendNotificationByEmail: c.sendNotificationByEmail,
        sendNotificationByPhone: c.sendNotificationByPhone,
        hasPassword: c.passwordHash !== null,
        passwordUpdatedAt: c.passwordUpdatedAt?.toISOString() ?? null,
      };
    },

    async update(customerId: number, patch: CustomerPatch): Promise<Customer> {
      const values = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as CustomerPatch;
      const [updated] = await db
        .update(customers)
        .set({ ...values, updatedAt: clock.now() })
        .where(eq(customers.id, customerId))
        .returning({ id: customers.id });
      if (!updated) throw errors.notFound('account_not_found');
      return this.get(customerId);
    },

    async listPlans(): Promise<HealthPlan[]> {
      return db
        .select({
          id: healthPlans.id,
          code: healthPlans.code,
          name: healthPlans.name,
          company: healthPlans.company,
        })
        .from(healthPlans)
        .where(eq(healthPlans.active, true))
        .orderBy(asc(healthPlans.name));
    },

    /** The active plan of `code` (any case, spaces around); `plan_not_found` on the code field when none. */
    async activePlan(code: string) {
      const [plan] = await db
        .select()
        .from(healthPlans)
        .where(and(eq(healthPlans.code, code.trim().toLowerCase()), eq(healthPlans.active, true)))
        .limit(1);
      if (!plan) {
        throw new HttpError('plan_not_found', { fields: { code: [issue('wrong_format')] } });
      }
      return plan;
    },

    async choosePlan(customerId: number, code: string): Promise<Customer> {
      const plan = await this.activePlan(code);
      await db
        .update(customers)
        .set({ healthPlanId: plan.id, insuranceCompany: plan.company, updatedAt: clock.now() })
        .where(eq(customers.id, customerId));
      return this.get(customerId);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
