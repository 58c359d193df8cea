import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // PGlite compiles PostgreSQL (WebAssembly) once per file; two cores, so two workers.
    maxWorkers: 2,
    // Generous: a shared two-core machine may be busy with other workspaces' suites.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
