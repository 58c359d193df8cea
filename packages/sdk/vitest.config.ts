import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // A ceiling, not a wait: in CI this stage runs niced beside the browser suites on two cores,
    // where the README's whole purchase against @otc/sdk/testing once took more than 5 s.
    testTimeout: 30_000,
    // Type tests (`*.test-d.ts`): `vitest --typecheck`; `tsc --noEmit` (typecheck) checks them too.
    typecheck: { include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 90 },
    },
  },
});
