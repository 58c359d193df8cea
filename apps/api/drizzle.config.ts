import { defineConfig } from 'drizzle-kit';

// Migrations are generated (`pnpm db:generate`) into drizzle/ and committed; they are applied at
// start-up by drizzle's migrator, on PGlite and on PostgreSQL alike. Never `push`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
