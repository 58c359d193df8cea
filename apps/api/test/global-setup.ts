/**
 * One id per run, handed to the workers through the environment: the template databases a run
 * makes on PostgreSQL (test/helpers.ts) carry it, and are dropped once every worker is done (a
 * worker process is ended by vitest, so it cannot drop its own).
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { testDatabaseUrl } from '../src/env.js';

export const RUN_ID_VARIABLE = 'OTC_TEST_RUN_ID';

export function setup() {
  process.env[RUN_ID_VARIABLE] = randomUUID().replace(/-/g, '').slice(0, 8);
}

export async function teardown() {
  const url = testDatabaseUrl();
  const runId = process.env[RUN_ID_VARIABLE];
  if (!url || !runId) return;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const left = await admin<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname LIKE ${`otc_test_tpl_${runId}_%`}`;
    for (const { datname } of left) await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
