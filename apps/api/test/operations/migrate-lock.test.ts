/**
 * Migrations run once however many processes start: `Database.migrate()` holds a PostgreSQL
 * advisory lock (src/db/client.ts). Six connections pools migrate one fresh database at the same
 * moment (without the lock, concurrent `CREATE SCHEMA`/`CREATE TABLE` fail or a migration is
 * applied twice); each migration is then recorded exactly once. `exclusive` serializes work.
 * On PGlite (no TEST_DATABASE_URL) the same calls run on one in-memory database.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/db/client.js';
import { testDatabaseUrl } from '../../src/env.js';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function freshDatabases(count: number): Promise<{ databases: Database[]; drop: () => Promise<void> }> {
  const url = testDatabaseUrl();
  if (!url) {
    const one = await openDatabase({ dataDir: ':memory:' });
    return { databases: Array.from({ length: count }, () => one), drop: () => one.close() };
  }
  const name = `otc_lock_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const databases = await Promise.all(
    Array.from({ length: count }, () => openDatabase({ url: target.toString(), max: 2 })),
  );
  return {
    databases,
    drop: async () => {
      await Promise.all(databases.map((database) => database.close()));
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe('migrations at start-up', () => {
  it('six processes migrating one fresh database at once apply each migration once', { timeout: 120_000 }, async () => {
    const { databases, drop } = await freshDatabases(6);
    try {
      const results = await Promise.allSettled(databases.map((database) => database.migrate()));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const rows = (await databases[0]!.db.execute(
        'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_n FROM drizzle.__drizzle_migrations' as never,
      )) as unknown as { rows?: { n: number; distinct_n: number }[] } & { n: number; distinct_n: number }[];
      const row = rows.rows?.[0] ?? rows[0]!;
      expect(row.n).toBe(journal.entries.length);
      expect(row.distinct_n).toBe(journal.entries.length);
    } finally {
      await drop();
    }
  });

  it('exclusive runs one piece of work at a time across pools', { timeout: 60_000 }, async () => {
    const { databases, drop } = await freshDatabases(3);
    try {
      let inside = 0;
      let most = 0;
      await Promise.all(
        databases.map((database) =>
          database.exclusive(async () => {
            inside += 1;
            most = Math.max(most, inside);
            await new Promise((resolve) => setTimeout(resolve, 50));
            inside -= 1;
          }),
        ),
      );
      expect(most).toBe(1);
    } finally {
      await drop();
    }
  });
});
