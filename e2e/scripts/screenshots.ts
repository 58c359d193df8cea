/**
 * Screenshots of home, catalog, an item and the open search modal, in en and es, light and dark,
 * at 375 px and 1280 px (full page), into e2e/artifacts/screenshots/ (gitignored).
 *
 *   pnpm --filter @otc/api exec tsx ../../e2e/scripts/screenshots.ts [baseURL]
 *
 * Needs a running server (default http://127.0.0.1:3100, or E2E_BASE_URL / the first argument).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';

const baseURL = process.argv[2] ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const outDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

const locales = [
  { code: 'en', prefix: '', search: 'ibuprofen', found: /Products found: \d+/ },
  { code: 'es', prefix: '/es', search: 'ibuprofeno', found: /Productos encontrados: \d+/ },
] as const;
type ShotLocale = (typeof locales)[number];

/**
 * Hashed assets are answered from a local build when it has the same file (same hash, same
 * bytes): the API counts static files in its per-address rate limit, and 32 page loads from one
 * address would otherwise meet 429s (see specs/static-assets.spec.ts).
 */
const assetDirs = ['../.e2e-data/storefront/assets/', '../../apps/storefront/dist/assets/'].map((dir) =>
  fileURLToPath(new URL(dir, import.meta.url)),
);
const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

const widths = [375, 1280] as const;
const schemes = ['light', 'dark'] as const;

const screens: { name: string; open: (page: Page, locale: ShotLocale) => Promise<void> }[] = [
  {
    name: 'home',
    open: async (page, l) => {
      await page.goto(`${baseURL}${l.prefix || '/'}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  },
  {
    name: 'catalog',
    open: async (page, l) => {
      await page.goto(`${baseURL}${l.prefix}/catalog`);
      await page.getByText(/^\d[\d,.]* productos?$|^\d[\d,]* products?$/).waitFor();
      await page.getByRole('list', { name: /^(Products|Productos)$/ }).getByRole('heading').first().waitFor();
    },
  },
  {
    name: 'item',
    open: async (page, l) => {
      await page.goto(`${baseURL}${l.prefix}/item/1`);
      await page.getByRole('heading', { level: 1, name: /CareWell/ }).waitFor();
    },
  },
  {
    name: 'search',
    open: async (page, l) => {
      await page.goto(`${baseURL}${l.prefix || '/'}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: l.code === 'es' ? 'Buscar' : 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('searchbox').fill(l.search);
      await dialog.getByRole('heading', { name: l.found }).waitFor();
    },
  },
];

/** Waits until every image of the page has loaded (lazy ones are scrolled into view first). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
  });
}

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const problems: string[] = [];
  try {
    for (const width of widths) {
      for (const scheme of schemes) {
        const context = await browser.newContext({
          viewport: { width, height: width < 600 ? 812 : 900 },
          colorScheme: scheme,
          reducedMotion: 'reduce',
          locale: 'en-US',
        });
        await context.route(/\/assets\/[^/?#]+$/, async (route) => {
          const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
          for (const dir of assetDirs) {
            const body = await readFile(`${dir}${name}`).catch(() => null);
            if (body) return route.fulfill({ body, headers: { 'content-type': types[extname(name)] ?? 'application/octet-stream' } });
          }
          return route.continue();
        });
        const page = await context.newPage();
        for (const locale of locales) {
          for (const screen of screens) {
            const file = `${outDir}${screen.name}-${locale.code}-${scheme}-${width}.png`;
            await screen.open(page, locale);
            await settle(page);
            // Horizontal overflow is a defect on any width.
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            if (overflow > 0) problems.push(`${file}: page is ${overflow}px wider than the viewport`);
            const broken = await page.evaluate(() =>
              Array.from(document.images)
                .filter((img) => img.complete && img.naturalWidth === 0)
                .map((img) => img.currentSrc || img.src),
            );
            if (broken.length) problems.push(`${file}: broken images ${broken.join(', ')}`);
            await page.screenshot({ path: file, fullPage: true });
            console.log('wrote', file);
          }
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (problems.length) console.log(`\nPROBLEMS:\n${problems.join('\n')}`);
  else console.log('\nno overflow, no broken images');
}

await main();
