// Screenshots of the search modal, the contacts page and a legal page, for a person to look at:
// 375 and 1280 px, en and es, light and dark. Usage: BASE=http://localhost:3000 node scripts/...
import { chromium } from '@playwright/test';

const BASE = process.env.BASE ?? 'http://localhost:3000';
const OUT = process.env.OUT ?? '/tmp';
const only = process.env.ONLY?.split(',');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

for (const locale of ['en', 'es']) {
  for (const width of [375, 1280]) {
    for (const scheme of ['light', 'dark']) {
      const tag = `${locale}-${width}-${scheme}`;
      if (only && !only.includes(tag)) continue;
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      await context.addCookies([{ name: 'locale', value: locale, url: BASE }]);
      const page = await context.newPage();
      const prefix = locale === 'es' ? '/es' : '';

      await page.goto(`${BASE}${prefix}/catalog?category=4`);
      await page.getByRole('button', { name: locale === 'es' ? 'Buscar' : 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('link').nth(3).waitFor();
      await page.screenshot({ path: `${OUT}/sm-search-short-${tag}.png` });
      await dialog.getByRole('searchbox').fill('vit');
      await dialog.getByRole('heading', { level: 3 }).filter({ hasText: /found|encontrados/ }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}/sm-search-results-${tag}.png` });
      await page.keyboard.press('Escape');

      await page.goto(`${BASE}${prefix}/contacts`);
      await page.getByRole('button', { name: locale === 'es' ? 'Enviar mensaje' : 'Send message' }).click();
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${OUT}/sm-contacts-${tag}.png`, fullPage: true });

      await page.goto(`${BASE}${prefix}/terms-of-use`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.screenshot({ path: `${OUT}/sm-terms-${tag}.png`, fullPage: width === 1280 });
      await context.close();
    }
  }
}
await browser.close();
console.log('done');
