import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // A run id for the PostgreSQL template databases, and their removal at the end.
    globalSetup: ['./test/global-setup.ts'],
    // PGlite compiles PostgreSQL (WebAssembly) once per file; two cores, so two workers.
    maxWorkers: 2,
    // Files share a worker's modules (and so its one migrated PGlite template, cloned per app):
    // re-importing Fastify, Drizzle and PGlite and migrating again for each of 55 files took 3/4
    // of the run (432 s against 110 s). Every app is built on its own database, so no state leaks.
    isolate: false,
    // Generous: a shared two-core machine may be busy with other workspaces' suites.
    // The unit stage runs beside the browser suites (scripts/shop.sh test): growing the demo
    // catalog took 35 s there.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
