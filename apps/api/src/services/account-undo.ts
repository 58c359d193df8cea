/**
 * The "This was not me" link of an account-change notice (issue 32, item 6). A stolen access
 * token can change the password or the sign-in within minutes of a sign-in; the notice of the
 * change goes to the contact as it was before (services/account-notices.ts) and carries a link
 * that gives the account back to whoever holds that contact.
 *
 * Decisions:
 * - The link holds 32 random bytes (base64url); only their SHA-256 is stored, with the change it
 *   undoes and what undoing needs (the contact added, made primary or removed; the primary contact
 *   it took the place of). A link is used once, and only for `ACCOUNT_UNDO_DAYS` days (7 by
 *   default: an owner who reads mail weekly still can, while an old link lying in a mailbox no
 *   longer locks the account).
 * - `GET` (`preview`) says what the undo will do and changes nothing (mail scanners open links);
 *   `POST` (`undo`) takes the link in the same statement that marks it used, so two posts cannot
 *   both undo.
 * - Undoing, where it can: a make-primary gives the old sign-in back (restored even if it was
 *   removed since, unless another account has verified it) and removes the contact made primary;
 *   an added contact is removed (unless it became the sign-in: that change has its own link);
 *   a removed one comes back (unless another account verified it since).
 * - Every undo locks the password (no hash: password sign-in fails) and ends every session of
 *   the account, refresh tokens and web sessions, as "sign out everywhere" does. A password cannot
 *   be restored, and whoever changed the sign-in may also have set a password (its notice went to
 *   their own address): the owner sets a new one by recovery, a code to the restored sign-in.
 * - A changed or unknown token: 404 `undo_link_invalid`; a used one: 410 `undo_link_used`; an
 *   expired one: 410 `undo_link_expired`.
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AccountChange as UndoChange, AccountUndoAnswer } from '@otc/sdk/schemas';
import type { Db, DbOrTx } from '../db/client.js';
import { accountUndoLinks, customers, emails, phones } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { HttpError } from '../lib/errors.js';
import { maskContact, type Contact } from './contact-masks.js';
import type { TokensService } from './tokens.js';

/** What an undo needs to know of a contact change. */
export interface UndoDetail {
  /** The contact the change added, made primary or removed (its row id, when it has one). */
  contact?: (Contact & { id?: number | undefined }) | undefined;
  /** The primary contact a make-primary took the place of. */
  previous?: { id: number; value: string } | undefined;
}

export interface AccountUndoOptions {
  db: Db;
  clock: Clock;
  tokens: TokensService;
  /** Days a link can be used (ACCOUNT_UNDO_DAYS). */
  days: number;
}

type LinkRow = typeof accountUndoLinks.$inferSelect;

/** A token as `randomToken(32)` makes it: 43 base64url characters. */
const TOKEN_FORMAT = /^[\w-]{43}$/;

export function createAccountUndo(options: AccountUndoOptions) {
  const { db, clock, tokens, days } = options;

  function answerOf(row: LinkRow, action: AccountUndoAnswer['action']): AccountUndoAnswer {
    const kind = row.contactKind === 'phone' ? 'phone' : 'email';
    return {
      action,
      change: row.change as UndoChange,
      contact: row.contactValue ? maskContact({ kind, value: row.contactValue }) : null,
      restores:
        row.change === 'contact_made_primary' && row.previousValue
          ? maskContact({ kind, value: row.previousValue })
          : null,
      changedAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** The error of a token that cannot be used now (read after a take found nothing). */
  async function refusal(token: string): Promise<HttpError> {
    if (!TOKEN_FORMAT.test(token)) return new HttpError('undo_link_invalid');
    const [row] = await db
      .select({ usedAt: accountUndoLinks.usedAt, expiresAt: accountUndoLinks.expiresAt })
      .from(accountUndoLinks)
      .where(eq(accountUndoLinks.tokenHash, sha256(token)))
      .limit(1);
    if (!row) return new HttpError('undo_link_invalid');
    if (row.usedAt) return new HttpError('undo_link_used');
    if (row.expiresAt <= clock.now()) return new HttpError('undo_link_expired');
    return new HttpError('undo_link_invalid');
  }

  /** Whether another account has verified this e-mail or phone (then it cannot come back here). */
  async function takenElsewhere(tx: DbOrTx, kind: Contact['kind'], value: string, customerId: number) {
    const rows =
      kind === 'email'
        ? await tx
            .select({ id: emails.id })
            .from(emails)
            .where(and(eq(emails.address, value), eq(emails.verified, true), ne(emails.customerId, customerId)))
            .limit(1)
        : await tx
            .select({ id: phones.id })
            .from(phones)
            .where(and(eq(phones.number, value), eq(phones.verified, true), ne(phones.customerId, customerId)))
            .limit(1);
    return rows.length > 0;
  }

  /** The customer's own row of a contact, by value. */
  async function ownRow(tx: DbOrTx, kind: Contact['kind'], value: string, customerId: number) {
    const [row] =
      kind === 'email'
        ? await tx
            .select({ id: emails.id })
            .from(emails)
            .where(and(eq(emails.address, value), eq(emails.customerId, customerId)))
            .limit(1)
        : await tx
            .select({ id: phones.id })
            .from(phones)
            .where(and(eq(phones.number, value), eq(phones.customerId, customerId)))
            .limit(1);
    return row ?? null;
  }

  /** The old sign-in back as the primary contact of its kind; false when it cannot come back. */
  async function restorePrimary(tx: DbOrTx, kind: Contact['kind'], value: string, customerId: number) {
    if (await takenElsewhere(tx, kind, value, customerId)) return false;
    const own = await ownRow(tx, kind, value, customerId);
    if (kind === 'email') {
      await tx.update(emails).set({ reg: false }).where(eq(emails.customerId, customerId));
      if (own) await tx.update(emails).set({ reg: true, verified: true }).where(eq(emails.id, own.id));
      else await tx.insert(emails).values({ customerId, address: value, reg: true, verified: true });
    } else {
      await tx.update(phones).set({ reg: false }).where(eq(phones.customerId, customerId));
      if (own) await tx.update(phones).set({ reg: true, verified: true }).where(eq(phones.id, own.id));
      else await tx.insert(phones).values({ customerId, number: value, reg: true, verified: true });
    }
    return true;
  }

  /** Removes a contact of the customer unless it is a sign-in. */
  async function removeContact(tx: DbOrTx, kind: Contact['kind'], id: number, customerId: number) {
    await (kind === 'email'
      ? tx.delete(emails).where(and(eq(emails.id, id), eq(emails.customerId, customerId), eq(emails.reg, false)))
      : tx.delete(phones).where(and(eq(phones.id, id), eq(phones.customerId, customerId), eq(phones.reg, false))));
  }

  async function undoChange(tx: DbOrTx, row: LinkRow) {
    const kind: Contact['kind'] = row.contactKind === 'phone' ? 'phone' : 'email';
    const customerId = row.customerId;
    if (row.change === 'contact_made_primary' && row.previousValue) {
      const restored = await restorePrimary(tx, kind, row.previousValue, customerId);
      if (restored && row.contactId !== null) await removeContact(tx, kind, row.contactId, customerId);
    } else if (row.change === 'contact_added' && row.contactId !== null) {
      await removeContact(tx, kind, row.contactId, customerId);
    } else if (row.change === 'contact_removed' && row.contactValue) {
      const own = await ownRow(tx, kind, row.contactValue, customerId);
      if (!own && !(await takenElsewhere(tx, kind, row.contactValue, customerId))) {
        await (kind === 'email'
          ? tx.insert(emails).values({ customerId, address: row.contactValue, reg: false, verified: true })
          : tx.insert(phones).values({ customerId, number: row.contactValue, reg: false, verified: true }));
      }
    }
    const now = clock.now();
    // The password cannot be restored: locked, the owner recovers through the sign-in.
    await tx
      .update(customers)
      .set({ passwordHash: null, passwordUpdatedAt: null, updatedAt: now })
      .where(eq(customers.id, customerId));
    await tokens.revokeCustomer(customerId, tx);
  }

  return {
    /** A new link for a change just made; answers the token (the notice's link carries it). */
    async create(customerId: number, change: UndoChange, detail: UndoDetail = {}, at: Date = clock.now()) {
      const token = randomToken(32);
      await db.insert(accountUndoLinks).values({
        customerId,
        tokenHash: sha256(token),
        change,
        contactKind: detail.contact?.kind ?? null,
        contactId: detail.contact?.id ?? null,
        contactValue: detail.contact?.value ?? null,
        previousId: detail.previous?.id ?? null,
        previousValue: detail.previous?.value ?? null,
        createdAt: at,
        expiresAt: new Date(at.getTime() + days * 86_400_000),
      });
      return token;
    },

    /** What the link would undo (GET): nothing changes. */
    async preview(token: string): Promise<AccountUndoAnswer> {
      if (TOKEN_FORMAT.test(token)) {
        const [row] = await db
          .select()
          .from(accountUndoLinks)
          .where(
            and(
              eq(accountUndoLinks.tokenHash, sha256(token)),
              isNull(accountUndoLinks.usedAt),
              gt(accountUndoLinks.expiresAt, clock.now()),
            ),
          )
          .limit(1);
        if (row) return answerOf(row, 'would_undo');
      }
      throw await refusal(token);
    },

    /** Undoes the change (POST), once: see the decisions above. */
    async undo(token: string): Promise<AccountUndoAnswer> {
      if (TOKEN_FORMAT.test(token)) {
        const now = clock.now();
        const taken = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(accountUndoLinks)
            .set({ usedAt: now })
            .where(
              and(
                eq(accountUndoLinks.tokenHash, sha256(token)),
                isNull(accountUndoLinks.usedAt),
                gt(accountUndoLinks.expiresAt, now),
              ),
            )
            .returning();
          if (row) await undoChange(tx, row);
          return row ?? null;
        });
        if (taken) return answerOf(taken, 'undone');
      }
      throw await refusal(token);
    },
  };
}

export type AccountUndo = ReturnType<typeof createAccountUndo>;
