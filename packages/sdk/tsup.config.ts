import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    contract: 'src/contract/index.ts',
    schemas: 'src/schemas/index.ts',
    rules: 'src/rules/index.ts',
    validation: 'src/validation/index.ts',
    'error-texts': 'src/errors/texts.ts',
    testing: 'src/testing/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
});
