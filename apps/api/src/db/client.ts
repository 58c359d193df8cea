/**
 * Opens the database: PGlite (embedded PostgreSQL in WebAssembly) on a data folder or in memory
 * by default, or a PostgreSQL server when a postgres:// address is given. Both run the same
 * committed migrations (drizzle/) with drizzle's migrator and expose the same Drizzle API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { API_ROOT } from '../env.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle handle, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle (what `db.transaction(async (tx) => ...)` passes). */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either: functions that may run inside a caller's transaction take `DbOrTx`. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

/** Key of the PostgreSQL advisory lock held while migrating and seeding at start-up. */
export const STARTUP_LOCK_KEY = 0x07c5_4e11;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations (idempotent). On PostgreSQL under an advisory lock, so however
   * many processes start at once, one migrates and the others then find nothing to do.
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up advisory lock (PostgreSQL; PGlite has one process per
   * data folder and runs it directly): the first-start seeding is done by one process only.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** A trivial query (readiness). */
  ping(): Promise<void>;
  /**
   * LISTENs on a notification channel: `onNotify` gets each payload sent by `pg_notify` in any
   * process once its transaction commits (PGlite: this process only, before the commit's promise
   * resolves). `onListen` runs whenever listening (re)starts: notifications sent while a lost
   * connection was away are gone, so the caller treats it as "anything may have changed".
   * Answers the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: a copy of this database (tests clone one migrated template). */
  clone?(): Promise<Database>;
}

export interface DatabaseOptions {
  /** postgres://… for a server. */
  url?: string | undefined;
  /** PGlite data folder, or ':memory:'. */
  dataDir?: string;
  /** PostgreSQL only: pool size. */
  max?: number;
}

function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  // One process per data folder: an in-process queue gives `exclusive` the lock's meaning.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await exclusive(() => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }));
    },
    exclusive,
    async ping() {
      await client.query('SELECT 1');
    },
    async listen(channel, onNotify, onListen) {
      const stop = await client.listen(channel, onNotify);
      onListen?.();
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async clone() {
      return fromPglite((await client.clone()) as PGlite);
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // At least two connections: the start-up lock holds one while migrations run on another.
    const sqlClient = postgres(options.url, { max: Math.max(2, options.max ?? 10), onnotice: () => {} });
    const db = drizzlePostgres({ client: sqlClient, schema, casing: 'snake_case' }) as unknown as Db;
    /** Holds the session-level advisory lock on one reserved connection while `work` runs. */
    async function exclusive<T>(work: () => Promise<T>): Promise<T> {
      const session = await sqlClient.reserve();
      try {
        await session`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`;
        try {
          return await work();
        } finally {
          await session`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`;
        }
      } finally {
        session.release();
      }
    }
    return {
      db,
      kind: 'postgres',
      async migrate() {
        await exclusive(() => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR }));
      },
      exclusive,
      async ping() {
        await sqlClient`SELECT 1`;
      },
      async listen(channel, onNotify, onListen) {
        // postgres-js listens on a connection of its own and LISTENs again after reconnecting.
        const listening = await sqlClient.listen(channel, onNotify, onListen);
        return async () => {
          await listening.unlisten().catch(() => undefined);
        };
      },
      async close() {
        await sqlClient.end({ timeout: 5 });
      },
    };
  }
  const dataDir = options.dataDir ?? ':memory:';
  if (dataDir !== ':memory:') mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir === ':memory:' ? {} : { dataDir: path.join(dataDir, 'pglite') }),
    extensions: { pg_trgm, unaccent },
  });
  return fromPglite(client);
}
