/**
 * The customer's e-mails and phones: add (a code is sent to the new address or number), verify,
 * resend, make primary (the sign-in one), preferences and removal. Both kinds share one flow; an
 * adapter names the table and its value column.
 *
 * Decisions:
 * - A verified e-mail or phone belongs to one account: adding one that another account verified
 *   answers 409 `contact_taken` (unverified rows of other accounts do not block; the first to
 *   verify wins, the database's partial unique index decides a race).
 * - Adding, verifying, making primary and removing could take the account (a stolen access token
 *   adds its own e-mail, makes it the login and removes the owner's): their routes need a recent
 *   proof of the session (`recentProof` in the contract, checked before the handler; see
 *   services/proof.ts). Resending a code and the preferences do not.
 * - Each of those changes — a contact verified (not merely added: it is not the customer's until
 *   then), made primary, a verified one removed — sends a notice (services/account-notices.ts)
 *   to the primary contact as it was before it; for a make-primary, the contact that was primary
 *   of that kind.
 * - Making a contact primary changes the login, so every session of the customer ends, the asking
 *   one included (its access token is refused from the next request): each signs in again with
 *   the new login. The spec: "Making one primary requires re-login".
 * - The primary contact cannot be removed (`canRemoveEmail`/`canRemovePhone` of the SDK): 409
 *   `primary_email_cannot_be_removed` / `primary_phone_cannot_be_removed`.
 */
import { and, eq, ne } from 'drizzle-orm';
import { canRemoveEmail, canRemovePhone } from '@otc/sdk/rules';
import { normalizePhone, validateEmail, validatePhone } from '@otc/sdk/validation';
import type { CodeSent, Customer } from '@otc/sdk/schemas';
import type { Db } from '../db/client.js';
import { emails, phones } from '../db/schema.js';
import type { AppConfig } from '../env.js';
import { HttpError, errors, issue, validationError, type Lang } from '../lib/errors.js';
import type { AccountNotices } from './account-notices.js';
import { isUniqueViolation } from './auth.js';
import { invalidCodeError, type CodePurpose, type CodesService } from './codes.js';
import type { CustomersService } from './customers.js';
import type { TokensService } from './tokens.js';

export type ContactKind = 'email' | 'phone';

interface ContactRow {
  id: number;
  customerId: number;
  value: string;
  reg: boolean;
  verified: boolean;
}

export interface ContactsServiceOptions {
  db: Db;
  config: AppConfig;
  codes: CodesService;
  tokens: TokensService;
  customers: CustomersService;
  notices: AccountNotices;
}

/** Normalizes an e-mail (lower case) or phone (ten digits), or answers 422 on `value`. */
export function parseContact(kind: ContactKind, raw: string): string {
  const value = raw.trim();
  if (kind === 'email') {
    if (validateEmail(value) === null) return value.toLowerCase();
  } else if (validatePhone(value) === null) {
    const digits = normalizePhone(value);
    if (digits) return digits;
  }
  throw validationError({ value: [issue('wrong_format')] });
}

export function createContactsService(options: ContactsServiceOptions) {
  const { db, config, codes, tokens, customers, notices } = options;

  async function find(kind: ContactKind, where: { id?: number; value?: string; customerId?: number }) {
    const conditions =
      kind === 'email'
        ? [
            where.id !== undefined ? eq(emails.id, where.id) : undefined,
            where.value !== undefined ? eq(emails.address, where.value) : undefined,
            where.customerId !== undefined ? eq(emails.customerId, where.customerId) : undefined,
          ]
        : [
            where.id !== undefined ? eq(phones.id, where.id) : undefined,
            where.value !== undefined ? eq(phones.number, where.value) : undefined,
            where.customerId !== undefined ? eq(phones.customerId, where.customerId) : undefined,
          ];
    const rows: ContactRow[] =
      kind === 'email'
        ? await db
            .select({
              id: emails.id,
              customerId: emails.customerId,
              value: emails.address,
              reg: emails.reg,
              verified: emails.verified,
            })
            .from(emails)
            .where(and(...conditions))
        : await db
            .select({
              id: phones.id,
              customerId: phones.customerId,
              value: phones.number,
              reg: phones.reg,
              verified: phones.verified,
            })
            .from(phones)
            .where(and(...conditions));
    return rows;
  }

  /** The customer's own contact, or 404 (another customer's id answers the same as a missing one). */
  async function owned(kind: ContactKind, customerId: number, id: number): Promise<ContactRow> {
    const [row] = await find(kind, { id, customerId });
    if (!row) throw errors.notFound();
    return row;
  }

  const purpose = (kind: ContactKind): CodePurpose => (kind === 'email' ? 'verify-email' : 'verify-phone');

  function sendCode(kind: ContactKind, row: ContactRow, clientIp: string | null, lang: Lang) {
    return codes.issue({
      purpose: purpose(kind),
      target: { kind, value: row.value },
      customerId: row.customerId,
      contactId: row.id,
      clientIp,
      lang,
    });
  }

  return {
    async add(kind: ContactKind, customerId: number, raw: string, clientIp: string | null, lang: Lang) {
      if (!config.addingContactsEnabled) {
        throw new HttpError('adding_contacts_disabled', { params: { phone: config.supportPhone } });
      }
      const value = parseContact(kind, raw);
      const existing = await find(kind, { value });
      if (existing.some((row) => row.verified && row.customerId !== customerId)) {
        await codes.countLookup(clientIp);
        throw errors.conflict('contact_taken');
      }
      const mine = existing.find((row) => row.customerId === customerId);
      if (mine?.verified) throw errors.conflict('contact_already_added');
      if (mine) {
        // Added before but never verified: send a new code (the resend countdown applies).
        await sendCode(kind, mine, clientIp, lang);
        return customers.get(customerId);
      }
      const [created] =
        kind === 'email'
          ? await db
              .insert(emails)
              .values({ customerId, address: value, reg: false, verified: false })
              .returning({ id: emails.id })
          : await db
              .insert(phones)
              .values({ customerId, number: value, reg: false, verified: false })
              .returning({ id: phones.id });
      if (!created) throw new Error('contact insert returned nothing');
      const row: ContactRow = { id: created.id, customerId, value, reg: false, verified: false };
      try {
        await sendCode(kind, row, clientIp, lang);
      } catch (error) {
        // No code could be sent (a wait): do not keep a row nobody can verify.
        await (kind === 'email'
          ? db.delete(emails).where(eq(emails.id, row.id))
          : db.delete(phones).where(eq(phones.id, row.id)));
        throw error;
      }
      return customers.get(customerId);
    },

    async verify(kind: ContactKind, customerId: number, id: number, code: string): Promise<Customer> {
      const row = await owned(kind, customerId, id);
      if (row.verified) throw errors.conflict('contact_already_verified');
      const checked = await codes.verify(purpose(kind), row.value, code);
      // A code sent for the same address to another account (or row) does not verify this one.
      if (checked.contactId !== row.id || checked.customerId !== customerId) throw invalidCodeError();
      const recipient = await notices.recipient(customerId);
      try {
        await (kind === 'email'
          ? db.update(emails).set({ verified: true }).where(eq(emails.id, row.id))
          : db.update(phones).set({ verified: true }).where(eq(phones.id, row.id)));
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict('contact_taken');
        throw error;
      }
      await notices.notify(recipient, { type: 'contact-added', contact: { kind, value: row.value, id: row.id } });
      return customers.get(customerId);
    },

    async resend(
      kind: ContactKind,
      customerId: number,
      id: number,
      clientIp: string | null,
      lang: Lang,
    ): Promise<CodeSent> {
      const row = await owned(kind, customerId, id);
      if (row.verified) throw errors.conflict('contact_already_verified');
      return sendCode(kind, row, clientIp, lang);
    },

    async makePrimary(kind: ContactKind, customerId: number, id: number): Promise<Customer> {
      const row = await owned(kind, customerId, id);
      if (!row.verified) throw errors.conflict('contact_not_verified');
      if (row.reg) return customers.get(customerId);
      // The notice goes to the contact that loses its place (else to the primary contact).
      const [oldPrimary] = (await find(kind, { customerId })).filter((other) => other.reg);
      const recipient = await notices.recipient(customerId, oldPrimary ? { kind, value: oldPrimary.value } : null);
      await db.transaction(async (tx) => {
        if (kind === 'email') {
          await tx
            .update(emails)
            .set({ reg: false })
            .where(and(eq(emails.customerId, customerId), ne(emails.id, row.id)));
          await tx.update(emails).set({ reg: true }).where(eq(emails.id, row.id));
        } else {
          await tx
            .update(phones)
            .set({ reg: false })
            .where(and(eq(phones.customerId, customerId), ne(phones.id, row.id)));
          await tx.update(phones).set({ reg: true }).where(eq(phones.id, row.id));
        }
        // The login changed: every session signs in again (see the decisions above).
        await tokens.revokeCustomer(customerId, tx);
      });
      await notices.notify(recipient, {
        type: 'contact-primary',
        contact: { kind, value: row.value, id: row.id },
        previous: oldPrimary ? { id: oldPrimary.id, value: oldPrimary.value } : undefined,
      });
      return customers.get(customerId);
    },

    async updateEmail(customerId: number, id: number, patch: { receiveMarketingMailing?: boolean | undefined }) {
      await owned('email', customerId, id);
      if (patch.receiveMarketingMailing !== undefined) {
        await db
          .update(emails)
          .set({ receiveMarketingMailing: patch.receiveMarketingMailing })
          .where(eq(emails.id, id));
      }
      return customers.get(customerId);
    },

    async updatePhone(
      customerId: number,
      id: number,
      patch: { receiveSms?: boolean | undefined; allowMarketingCalls?: boolean | undefined },
    ) {
      await owned('phone', customerId, id);
      const values = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as { receiveSms?: boolean; allowMarketingCalls?: boolean };
      if (Object.keys(values).length > 0) {
        await db.update(phones).set(values).where(eq(phones.id, id));
      }
      return customers.get(customerId);
    },

    async remove(kind: ContactKind, customerId: number, id: number): Promise<Customer> {
      const row = await owned(kind, customerId, id);
      const check = kind === 'email' ? canRemoveEmail(row) : canRemovePhone(row);
      if (!check.allowed) {
        throw new HttpError(
          kind === 'email' ? 'primary_email_cannot_be_removed' : 'primary_phone_cannot_be_removed',
        );
      }
      const recipient = row.verified ? await notices.recipient(customerId) : null;
      const deleted = await (kind === 'email'
        ? db.delete(emails).where(and(eq(emails.id, id), eq(emails.reg, false))).returning({ id: emails.id })
        : db.delete(phones).where(and(eq(phones.id, id), eq(phones.reg, false))).returning({ id: phones.id }));
      // An unverified row was never the customer's contact (adding one sends no notice either).
      if (deleted.length > 0 && row.verified) {
        await notices.notify(recipient, { type: 'contact-removed', contact: { kind, value: row.value } });
      }
      return customers.get(customerId);
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
