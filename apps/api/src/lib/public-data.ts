/**
 * Changes of what public answers show (issue 30): stock, prices, status, product text, settings.
 *
 * Whoever changes such data calls `announcePublicDataChange(exec, kind)` with the connection or
 * transaction that changes it. That sends `pg_notify` on PUBLIC_DATA_CHANNEL: PostgreSQL delivers
 * it to every API process (each LISTENs, plugins/app/public-answers.ts) when the transaction
 * commits, and drops it when it rolls back, so no process is told before the data is readable.
 * PGlite (one process) delivers it the same way, inside the process. The `ops` command, another
 * process, is heard by the servers through the same channel.
 *
 * PostgreSQL and not Redis: every shop with more than one API process runs PostgreSQL (PGlite has
 * one process), Redis is optional (REDIS_URL), and a notification bound to the commit cannot be
 * heard too early.
 *
 * The process that made the change also hears it at once (`onLocalPublicDataChange`): on
 * PostgreSQL its own notification comes back over another connection a moment after the commit,
 * and the next request of the same client (an end-to-end test setting stock, then reading the
 * product) must not beat it.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

export const PUBLIC_DATA_CHANNEL = 'otc_public_data';

/**
 * What changed: `stock` (units on hand or held: counts, brand lists and categories stay right),
 * `catalog` (products, prices, status, text, plans, categories: the catalog's cached counts go
 * too), `settings` (promotions).
 */
export type PublicDataChange = 'stock' | 'catalog' | 'settings';

const PUBLIC_DATA_CHANGES: readonly string[] = ['stock', 'catalog', 'settings'] satisfies PublicDataChange[];

/** A notification's payload as a change; anything unknown counts as the widest one. */
export function publicDataChangeOf(payload: string): PublicDataChange {
  return PUBLIC_DATA_CHANGES.includes(payload) ? (payload as PublicDataChange) : 'catalog';
}

const localListeners = new Set<(change: PublicDataChange) => void>();

/** Hears the changes announced in this process (answers the function that stops hearing them). */
export function onLocalPublicDataChange(listener: (change: PublicDataChange) => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** Tells every API process, at the commit of `exec`'s transaction, that public data changed. */
export async function announcePublicDataChange(exec: DbOrTx, change: PublicDataChange): Promise<void> {
  await exec.execute(sql`SELECT pg_notify(${PUBLIC_DATA_CHANNEL}, ${change})`);
  for (const listener of localListeners) listener(change);
}
