import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * The run serves its own copy of the built storefront (other engineers rebuild `dist` while a run
 * is under way, and the API lists the static files once at start). The API resolves
 * STOREFRONT_DIR against its own package folder, so the path is absolute.
 */
// E2E_DATA lets several runs side by side (each with its own E2E_PORT) keep their own copies.
const dataDir = process.env.E2E_DATA ?? '.e2e-data';
const storefrontDir = fileURLToPath(new URL(`./${dataDir}/storefront`, import.meta.url));
/** The demo data seeded once; every server starts on a copy of it. */
const templateDir = `${dataDir}/seeded`;

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * A second server, next port, own database under the run's data folder, with every payment method
 * on (`PAYMENT_METHODS` adds credit and balance): the specs that need it run in the `more-methods`
 * project. Its sandbox ledger is its own too, so the cards its specs add to accounts (and the demo
 * customers' store balances) are not shared with the main suite.
 */
const MORE_PORT = PORT + 1;
export const moreMethodsURL = `http://127.0.0.1:${MORE_PORT}`;
const moreMethodsSpecs = /checkout-(more-)?methods\.spec\.ts/;

/**
 * A third server, the port after it, own database, with short order holds and no cancel window
 * after paying: an unpaid order goes back to the cart after 15 s (`UNPAID_ORDER_MINUTES`, fractions
 * allowed), swept every 2 s; a paid order can no longer be cancelled (`ORDER_CANCEL_MINUTES=0`).
 * Every order placed there must be paid within those 15 s, so only the `order-holds` project runs
 * against it.
 */
const HOLDS_PORT = PORT + 2;
export const orderHoldsURL = `http://127.0.0.1:${HOLDS_PORT}`;
const orderHoldsSpecs = /order-holds\.spec\.ts/;

/**
 * A fourth server, the port after that, own database, whose reminder window is a whole quarter
 * (`ALLOWANCE_REMINDER_DAYS=92`, the longest quarter and the most the API takes): the demo
 * members' allowance periods end with the quarter, so on that server they are always near the
 * period's end (issue 31: the header's "left to spend by" strip and the suggested basket), on a
 * quarter's first day too. No sweep (`REMINDER_SWEEP_SECONDS=0`): the spec
 * sends the reminders itself (`POST /api/dev/reminders/run`). Its spec runs in the chromium
 * project with this base address (`allowance-basket.spec.ts`).
 */
const REMINDERS_PORT = PORT + 3;
export const remindersURL = `http://127.0.0.1:${REMINDERS_PORT}`;

/**
 * Another team's web app on another origin (issue 32, item 9): `cross-origin-image.spec.ts` serves
 * its page from this port (the one after the fourth server's). A CORS origin is a host and a port,
 * so the page's port is fixed to be listed; its page on a port the system picks is the origin not
 * allowed.
 */
export const partnerOrigin = `http://127.0.0.1:${PORT + 4}`;

const serverEnv = {
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  STOREFRONT_DIR: storefrontDir,
  // Only the partner page's origin may read the API's answers (cross-origin-image.spec.ts).
  CORS_ORIGINS: partnerOrigin,
  // Every worker is the same client address; the suite makes more API calls (and asks for more
  // sign-in codes) than one shopper, so the per-address ceilings are raised for this run only.
  // The per-login limits (CODE_LOGIN_FREE_PER_HOUR and its waits, wrong-code attempts) stay as
  // configured: every suite signs in with fresh logins or passwords.
  RATE_LIMIT_PER_MINUTE: '20000',
  AUTH_RATE_LIMIT_PER_MINUTE: '2000',
  CODE_CLIENT_FREE_PER_HOUR: '2000',
  SUPPORT_DAILY_LIMIT_PER_CLIENT: '200',
  // A line per request from four servers is CPU the browsers need; errors and warnings still show.
  LOG_LEVEL: 'warn',
};

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
  // CI's machine runs these about 2.3 times slower than a developer's (two shared cores): waits
  // that pass in 3 s here took more than 7 s there. Passing tests do not wait any longer for it.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL,
    locale: 'en-US',
    // CI records a trace on the retry of a failed test only: a trace of every run (a snapshot
    // and screenshots at each action, thrown away when the test passes) costs its two cores dearly.
    // E2E_TRACE (on, off, retain-on-failure, …) chooses another.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ??
      (process.env.CI ? 'on-first-retry' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: [/static-assets\.spec\.ts/, moreMethodsSpecs, orderHoldsSpecs],
    },
    // Against the second server (every payment method on, its own sandbox ledger).
    { name: 'more-methods', testMatch: moreMethodsSpecs, use: { browserName: 'chromium', baseURL: moreMethodsURL } },
    // Against the third server (15 s holds, no cancel window after paying).
    { name: 'order-holds', testMatch: orderHoldsSpecs, use: { browserName: 'chromium', baseURL: orderHoldsURL } },
    // Exhausts the per-address rate limit when the product is wrong: runs after everything else.
    { name: 'static-assets', testMatch: /static-assets\.spec\.ts/, dependencies: ['chromium'] },
  ],
  // The whole product at one address: the API serves the built storefront, on a fresh PGlite
  // database seeded with the demo data, with the development outbox on for sign-in codes.
  // The demo data is seeded once (`ops seed` into a template folder, its JWT secret with it: the
  // sandbox cards' fingerprints are keyed by it) and each server starts on a copy: four first-start
  // seedings one after the other took over a minute of CI before any test ran.
  webServer: [
    {
      command:
        `rm -rf ${dataDir} && mkdir -p ${dataDir} && cp -r ../apps/storefront/dist ${dataDir}/storefront && ` +
        `DATA_DIR=${templateDir} node ../apps/api/dist/ops.js seed && cp -r ${templateDir} ${dataDir}/db && node ../apps/api/dist/server.js`,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: { ...serverEnv, PORT: String(PORT), DATA_DIR: `${dataDir}/db` },
    },
    // Started after the first (Playwright starts web servers in order), so its folder survives
    // the first one's clean-up; it serves the same copy of the storefront.
    {
      command: `rm -rf ${dataDir}/more-methods && mkdir -p ${dataDir}/more-methods && cp -r ${templateDir} ${dataDir}/more-methods/db && node ../apps/api/dist/server.js`,
      url: `${moreMethodsURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: {
        ...serverEnv,
        PORT: String(MORE_PORT),
        DATA_DIR: `${dataDir}/more-methods/db`,
        PAYMENT_METHODS: 'trnsx,prohealth,nationsbenefits,credit,balance',
      },
    },
    // The third, started after the first too; same copy of the storefront.
    {
      command: `rm -rf ${dataDir}/order-holds && mkdir -p ${dataDir}/order-holds && cp -r ${templateDir} ${dataDir}/order-holds/db && node ../apps/api/dist/server.js`,
      url: `${orderHoldsURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: {
        ...serverEnv,
        PORT: String(HOLDS_PORT),
        DATA_DIR: `${dataDir}/order-holds/db`,
        UNPAID_ORDER_MINUTES: '0.25',
        HOLD_SWEEP_SECONDS: '2',
        ORDER_CANCEL_MINUTES: '0',
      },
    },
    // The fourth (a quarter-long reminder window), started after the first too.
    {
      command: `rm -rf ${dataDir}/reminders && mkdir -p ${dataDir}/reminders && cp -r ${templateDir} ${dataDir}/reminders/db && node ../apps/api/dist/server.js`,
      url: `${remindersURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      env: {
        ...serverEnv,
        PORT: String(REMINDERS_PORT),
        DATA_DIR: `${dataDir}/reminders/db`,
        ALLOWANCE_REMINDER_DAYS: '92',
        REMINDER_SWEEP_SECONDS: '0',
      },
    },
  ],
});
