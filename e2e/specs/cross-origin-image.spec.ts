/**
 * Issue 32, item 9: another team's web app, on another origin, shows the shop's products.
 *
 * The spec serves that app's page itself (node:http on 127.0.0.1, another port: another origin).
 * The page shows a product's picture with an `<img>` at the address the catalog's answer names,
 * and reads the catalog's JSON with `fetch` (CORS). The page on the origin listed in the run's
 * `CORS_ORIGINS` (`partnerOrigin`, playwright.config.ts) reads the JSON; a page on any other
 * origin does not (CORS), yet both show the picture: pictures answer
 * `Cross-Origin-Resource-Policy: cross-origin`, where every other answer stays `same-origin`
 * (helmet's, which the browser enforces on an `<img>` from another origin, another port included).
 *
 * An API matter, no page text: English only.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { productImageUrl, type ProductList } from '@otc/sdk';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { baseURL, partnerOrigin } from '../playwright.config';

const CATALOG_PATH = '/api/catalog/products';

interface PageServer {
  origin: string;
  close: () => Promise<void>;
}

/** Serves `html` at "/" (anything else 404) on 127.0.0.1; port 0: the system picks a free one. */
async function servePage(html: string, port: number): Promise<PageServer> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Another team's page: a product's picture (its load or failure marked on the element by the
 * element's own handlers, so none is missed), and the catalog read with CORS: the first product's
 * name, or the error the browser gave the script.
 */
function partnerPage(pictureUrl: string): string {
  const catalogUrl = JSON.stringify(`${baseURL}${CATALOG_PATH}`);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Partner app</title><link rel="icon" href="data:,"></head>
<body>
<img id="picture" src="${pictureUrl}" alt="" width="200" onload="this.dataset.state = 'loaded'" onerror="this.dataset.state = 'failed'">
<p id="product" data-state="reading"></p>
<script>
  const shown = document.getElementById('product');
  fetch(${catalogUrl}, { headers: { Accept: 'application/json', 'Accept-Language': 'en' } })
    .then((answer) => answer.json())
    .then((list) => {
      shown.textContent = list.products[0].name;
      shown.dataset.state = 'read';
    })
    .catch((error) => {
      shown.textContent = String(error);
      shown.dataset.state = 'refused';
    });
</script>
</body>
</html>`;
}

/** The catalog's first product as the shop answers it (no browser, so no CORS), in English. */
async function firstProduct(request: APIRequestContext): Promise<{ name: string; pictureUrl: string }> {
  const answer = await request.get(CATALOG_PATH, { headers: { 'accept-language': 'en' } });
  expect(answer.status()).toBe(200);
  const [product] = ((await answer.json()) as ProductList).products;
  if (!product) throw new Error('the demo catalog lists no product');
  // The address the catalog names: an API path, put after the shop's address (the SDK's one way).
  return { name: product.name, pictureUrl: productImageUrl(product.mainImage, baseURL) };
}

/** The page's console errors, uncaught errors and failed requests, from now on. */
function watchProblems(page: Page) {
  const consoleErrors: { text: string; url: string }[] = [];
  const pageErrors: string[] = [];
  const failedRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push({ text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('requestfailed', (request) => failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  return { consoleErrors, pageErrors, failedRequests };
}

/** Waits for the picture to load or fail, then expects it drawn (a picture that failed has no size). */
async function expectPictureShown(page: Page, pictureUrl: string) {
  const picture = page.locator('#picture');
  await expect(picture).toHaveAttribute('data-state', /^(loaded|failed)$/);
  expect(await picture.getAttribute('data-state'), `the picture ${pictureUrl}`).toBe('loaded');
  expect(await picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test('a page on an allowed origin shows a product: its picture and its name read from the catalog', async ({ page, request }) => {
  const product = await firstProduct(request);
  const partner = await servePage(partnerPage(product.pictureUrl), Number(new URL(partnerOrigin).port));
  try {
    expect(partner.origin).toBe(partnerOrigin);
    const problems = watchProblems(page);
    const catalogAnswer = page.waitForResponse((answer) => answer.url().startsWith(`${baseURL}${CATALOG_PATH}`));
    await page.goto(`${partner.origin}/`);

    await expectPictureShown(page, product.pictureUrl);
    const shown = page.locator('#product');
    await expect(shown).toHaveAttribute('data-state', /^(read|refused)$/);
    expect(await shown.getAttribute('data-state'), `the catalog read with CORS: ${await shown.textContent()}`).toBe('read');
    await expect(shown).toHaveText(product.name);
    expect(await (await catalogAnswer).headerValue('access-control-allow-origin')).toBe(partnerOrigin);

    expect(problems.consoleErrors).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  } finally {
    await partner.close();
  }
});

test('a page on an origin not allowed cannot read the catalog, yet shows the picture', async ({ page, request }) => {
  const product = await firstProduct(request);
  const stranger = await servePage(partnerPage(product.pictureUrl), 0);
  try {
    expect(stranger.origin).not.toBe(partnerOrigin);
    const problems = watchProblems(page);
    await page.goto(`${stranger.origin}/`);

    await expectPictureShown(page, product.pictureUrl);
    const shown = page.locator('#product');
    await expect(shown).toHaveAttribute('data-state', /^(read|refused)$/);
    // The browser refuses the answer to the script (a TypeError, no status, no body).
    expect(await shown.getAttribute('data-state'), `CORS refuses the catalog to this origin: ${await shown.textContent()}`).toBe('refused');
    await expect(shown).toHaveText(/TypeError/);
    // The browser says why (its console message may come after the script's error).
    await expect.poll(() => problems.consoleErrors.some((error) => /CORS policy/.test(error.text))).toBe(true);

    // Every problem is the refused catalog; none is the picture.
    const aboutCatalog = (text: string) => text.includes(CATALOG_PATH);
    expect(problems.consoleErrors.filter((error) => !aboutCatalog(error.text) && !aboutCatalog(error.url))).toEqual([]);
    expect(problems.failedRequests.filter((failure) => !aboutCatalog(failure))).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  } finally {
    await stranger.close();
  }
});
