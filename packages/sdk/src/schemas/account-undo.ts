/**
 * The "This was not me" link of an account-change notice (issue 32): the notice of a password
 * set, changed or recovered, or of a contact added, made primary or removed, goes to the contact
 * as it was before the change with a single-use link, valid `ACCOUNT_UNDO_DAYS` days, that undoes
 * that change where it can, locks the password and ends every session (works signed out).
 */
import * as z from 'zod/mini';
import { TEXT_MAX } from '../constants/index.js';
import { textSchema } from '../validation/zod.js';
import { dateTimeSchema } from './common.js';

/** The change a link undoes. */
export const accountChangeSchema = /* @__PURE__ */ (() =>
  z.enum([
    'password_set',
    'password_changed',
    'password_recovered',
    'contact_added',
    'contact_made_primary',
    'contact_removed',
  ]))();
export type AccountChange = z.infer<typeof accountChangeSchema>;

/** The link's token (`?token=`), as the notice carries it. */
export const accountUndoQuerySchema = /* @__PURE__ */ (() =>
  z.object({ token: textSchema({ max: TEXT_MAX.token, trim: false }) }))();

/**
 * `GET` of the link: what a `POST` would undo (nothing changes); `POST`: undone. `contact` is the
 * contact the change added, made primary or removed, masked; `restores` the sign-in the undo gives
 * back (masked), when it gives one back. Every undo also locks the password (the owner sets a new
 * one by recovery, through the restored sign-in) and ends every session of the account.
 */
export const accountUndoAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    action: z.enum(['would_undo', 'undone']),
    change: accountChangeSchema,
    contact: z.nullable(z.string()),
    restores: z.nullable(z.string()),
    changedAt: dateTimeSchema,
    expiresAt: dateTimeSchema,
  }))();
export type AccountUndoAnswer = z.infer<typeof accountUndoAnswerSchema>;
