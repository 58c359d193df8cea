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
const app = join(storefront, 'app');
const kernel = join(storefront, 'kernel');
const components = join(storefront, 'components');
const lib = join(storefront, 'lib');

/**
 * Import zones (bulletproof-react). The storefront from the ground up: src/lib (helpers that know
 * no store and draw nothing), src/kernel (what every part shares of the app: the store's types and
 * hooks, its shared slices and endpoints, notify, route context, guards, page forms),
 * src/components (shared UI), src/features/* (a domain each, side by side), and src/app, the
 * composition root (router, routes, layout, providers, the store's assembly) that alone puts
 * features together. Each zone forbids an import that would run back down this list. These hold
 * for every file, tests included: a feature imports no other feature; shared code (kernel,
 * components, lib) imports no feature; packages/ui imports no app code.
 */
export const importZones = [
  ...featureNames.map((name) => ({
    target: join(features, name),
    from: features,
    except: [`./${name}`],
    message: 'Features do not import each other: compose them in src/app, or move shared state to src/kernel.',
  })),
  {
    target: [kernel, components, lib],
    from: features,
    message: 'Shared code (src/kernel, src/components, src/lib) never imports a feature.',
  },
  {
    target: join(root, 'packages/ui'),
    from: join(root, 'apps'),
    message: 'packages/ui is presentational: it imports no app code.',
  },
];

/**
 * The layers' zones, for the code but not its tests (a test may assemble the app as main.tsx does,
 * or try a lib helper with the kernel's endpoints): the composition root (src/app) is imported by
 * the entries (main.tsx, entry-server.tsx) and the test helpers (src/test), never by a feature or
 * shared code; lib imports neither the kernel nor components; the kernel imports no component.
 */
export const layerZones = [
  {
    target: [features, kernel, components, lib],
    from: app,
    message: 'src/app is the composition root: features and shared code never import it (move what they need to src/kernel).',
  },
  {
    target: lib,
    from: [kernel, components],
    message: 'src/lib knows no store and draws nothing: it imports neither src/kernel nor src/components.',
  },
  {
    target: kernel,
    from: components,
    message: 'src/kernel imports no component: shared UI builds on the kernel, not the other way round.',
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
      'import-x/no-restricted-paths': ['error', { zones: [...importZones, ...layerZones] }],
    },
  },
  {
    // A test may assemble the app as main.tsx does (createAppStore, connectStore, Providers, the
    // router) and reach across the shared layers: only the layers' zones are lifted.
    files: ['apps/storefront/**/*.test.{ts,tsx}'],
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
