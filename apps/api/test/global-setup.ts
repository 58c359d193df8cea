/** PostgreSQL runs (TEST_DATABASE_URL): create the extensions once, before files migrate in parallel. */
import postgres from 'postgres';
import { testDatabaseUrl } from '../src/env.js';

export default async function setup() {
  const url = testDatabaseUrl();
  if (!url) return;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql.unsafe('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await sql.unsafe('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
  await sql.end();
}
