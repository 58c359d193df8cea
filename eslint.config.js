// One flat config for every workspace; each workspace runs `eslint .` from its own folder.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = dirname(fileURLToPath(import.meta.url));
const storefront = join(root, 'apps/storefront/src');
const features = join(storefront, 'features');
const featureNames = readdirSync(features, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import zones (bulletproof-react): a feature imports no other feature (the app composes them);
 * shared code (components, lib) imports no feature; packages/ui imports no app code. App-wide
 * state (store, session, ui, notifications, settings) lives under src/app/.
 */
export const importZones = [
  ...featureNames.map((name) => ({
    target: join(features, name),
    from: features,
    except: [`./${name}`],
    message: 'Features do not import each other: compose them in src/app, or move shared state to src/app.',
  })),
  {
    target: [join(storefront, 'components'), join(storefront, 'lib')],
    from: features,
    message: 'Shared code (src/components, src/lib) never imports a feature.',
  },
  {
    target: join(root, 'packages/ui'),
    from: join(root, 'apps'),
    message: 'packages/ui is presentational: it imports no app code.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/src/locales/**/*.js',
      '**/src/locales/**/*.ts',
      '**/drizzle/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
    },
  },
  {
    // The UI package by name: no app, no store, no data layer.
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@otc/storefront', '@otc/storefront/*', '@otc/api', '@otc/api/*'],
              message: 'packages/ui imports no app code.',
            },
            {
              group: ['react-redux', '@reduxjs/*', '@otc/sdk', '@otc/sdk/*'],
              message: 'packages/ui is presentational: props in, events out (no store, no SDK calls).',
            },
          ],
        },
      ],
    },
  },
);
