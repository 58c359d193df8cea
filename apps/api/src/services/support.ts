/**
 * Support calls: contact messages (anyone; answered with a reference such as `C-2026-000123`) and
 * product requests (signed-in customers; answered with a number such as `R-2026-000045`). Both are
 * stored; the phone and the link are checked with the SDK's validators. Rate limits and the bot
 * check run in the routes before these are called.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ContactMessage, ProductRequest } from '@otc/sdk/schemas';
import { normalizePhone, normalizeUrl, validateEmail, validatePhone, validateUrl } from '@otc/sdk/validation';
import type { Db } from '../db/client.js';
import { contactMessages, productRequests } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { validationError, type FieldIssue } from '../lib/errors.js';

/** `C-2026-000123`: prefix, year, and the row id on six digits (more when it grows). */
export function referenceOf(prefix: string, year: number, id: number): string {
  return `${prefix}-${year}-${String(id).padStart(6, '0')}`;
}

export function createSupportService(options: { db: Db; clock: Clock }) {
  const { db, clock } = options;

  return {
    async sendContactMessage(input: ContactMessage, customerId: number | null) {
      const data: Record<string, FieldIssue[]> = {};
      const phoneIssue = validatePhone(input.phone);
      if (phoneIssue) data.phone = [phoneIssue];
      const emailIssue = validateEmail(input.email);
      if (emailIssue) data.email = [emailIssue];
      if (Object.keys(data).length > 0) throw validationError(data);
      const now = clock.now();
      const reference = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            // Replaced below once the id is known; unique meanwhile.
            reference: `pending-${randomUUID()}`,
            customerId,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email ? input.email.toLowerCase() : null,
            phone: normalizePhone(input.phone) ?? input.phone,
            message: input.message,
            createdAt: now,
          })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error('contact message insert returned nothing');
        const value = referenceOf('C', now.getUTCFullYear(), row.id);
        await tx.update(contactMessages).set({ reference: value }).where(eq(contactMessages.id, row.id));
        return value;
      });
      return { reference };
    },

    async requestProduct(customerId: number, input: ProductRequest) {
      const linkIssue = validateUrl(input.link);
      if (linkIssue) throw validationError({ link: [linkIssue] });
      const now = clock.now();
      const number = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(productRequests)
          .values({
            number: `pending-${randomUUID()}`,
            customerId,
            name: input.name,
            description: input.description,
            link: input.link ? (normalizeUrl(input.link) ?? input.link) : '',
            createdAt: now,
          })
          .returning({ id: productRequests.id });
        if (!row) throw new Error('product request insert returned nothing');
        const value = referenceOf('R', now.getUTCFullYear(), row.id);
        await tx.update(productRequests).set({ number: value }).where(eq(productRequests.id, row.id));
        return value;
      });
      return { number };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
