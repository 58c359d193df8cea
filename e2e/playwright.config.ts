import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * The run serves its own copy of the built storefront (other engineers rebuild `dist` while a run
 * is under way, and the API lists the static files once at start). The API resolves
 * STOREFRONT_DIR against its own package folder, so the path is absolute.
 */
const storefrontDir = fileURLToPath(new URL('./.e2e-data/storefront', import.meta.url));

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;

/** Chromium comes from Debian (`/usr/bin/chromium`); Playwright never downloads a browser here. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /static-assets\.spec\.ts/ },
    // Exhausts the per-address rate limit when the product is wrong: runs after everything else.
    { name: 'static-assets', testMatch: /static-assets\.spec\.ts/, dependencies: ['chromium'] },
  ],
  // The whole product at one address: the API serves the built storefront, on a fresh PGlite
  // database seeded with the demo data, with the development outbox on for sign-in codes.
  webServer: {
    command:
      'rm -rf .e2e-data && mkdir -p .e2e-data && cp -r ../apps/storefront/dist .e2e-data/storefront && node ../apps/api/dist/server.js',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      DATA_DIR: '.e2e-data/db',
      STOREFRONT_DIR: storefrontDir,
      // Every worker is the same client address; the suite makes more API calls a minute than
      // one shopper, so the per-address ceiling is raised for this run only.
      RATE_LIMIT_PER_MINUTE: '20000',
    },
  },
});
